import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every change made in the back office (issue 14): who, what, when, and the state before and after.
 * Rows are only ever inserted, in the same transaction as the change they describe.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin who acted; null once that account is deleted (the email stays). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. 'order.ship', 'order.deliver', 'product.stock'. */
    action: text('action').notNull(),
    /** What it was done to: 'order', 'variant', 'user'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt),
    index('audit_log_created_idx').on(table.createdAt),
  ],
);

/** Which inbox items an admin has opened (contact messages, issue reports, return requests). */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_reads_item_idx').on(table.kind, table.itemId)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
