import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, timestampTz } from './columns';

/**
 * Mail waiting to be delivered. Rows are written in the same transaction as the change that causes
 * them (an order, a contact message); the outbox worker delivers them with retries.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** What caused the message, e.g. 'contact.received' or 'order.confirmed'. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    /**
     * A secret the message carries (a gift card's code), sealed; the text holds a mark in its
     * place until the worker sends it, then this is cleared (api/modules/mail/sealed.ts).
     */
    sealed: text('sealed'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // Delivered mail past the retention period (api/modules/jobs/retention.ts).
    index('outbox_done_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} <> 'pending'`),
  ],
);

/** A message sent through the contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    /** The sender's address; null when a guest chose not to give one (DECISIONS "Contact email"). */
    email: text('email'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    orderNumber: text('order_number'),
    userId: uuid('user_id'),
    meta: jsonb('meta').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_email_created_idx').on(table.email, table.createdAt),
    // Messages still to anonymise (api/modules/jobs/retention.ts).
    index('contact_messages_retention_idx')
      .on(table.createdAt)
      .where(sql`${table.message} <> ''`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
