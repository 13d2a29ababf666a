import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, ownedBy, timestampTz, updatedAt } from './columns';
import { DISCOUNT_KINDS, DISCOUNT_STATUSES } from '../../../core/discounts/model';
import { orders } from './orders';

/**
 * Discount codes the owner makes (issue 42; core/discounts/). A code takes a percentage (`value`
 * 1–100) or a fixed amount (`value` in cents) off the lines it applies to: the categories and
 * products named (both empty: every line), never a gift card. `usesCount` is counted by a
 * conditional update in the order's own transaction, so `maxUses` cannot be passed; a canceled or
 * abandoned order gives its use back once (`discount_uses.released_at`).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** As the owner wrote it; matched without regard to case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    /** Browsing category names (as the menu shows them) whose products it applies to. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Shop days, both inclusive; null: from now / no end. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Orders it may be used on in all; null: no limit. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** One order per customer: by account, or by email for guests. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    status: text('status', { enum: DISCOUNT_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_key').on(sql`upper(${table.code})`),
    check('discount_codes_kind_known', sql`${table.kind} in ('percent', 'fixed')`),
    check('discount_codes_status_known', sql`${table.status} in ('active', 'paused')`),
    check(
      'discount_codes_value_range',
      sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`,
    ),
    check('discount_codes_min_nonnegative', sql`${table.minSubtotalCents} >= 0`),
    check('discount_codes_dates_ordered', sql`${table.startsOn} <= ${table.endsOn}`),
    check(
      'discount_codes_uses_within_limit',
      sql`${table.usesCount} >= 0 and (${table.maxUses} is null or ${table.usesCount} <= ${table.maxUses})`,
    ),
  ],
);

/**
 * One row per order that used a code: who used it (the account, else the email, lower case), and
 * when the use was given back (the order canceled or its payment abandoned); a given-back use no
 * longer counts. The unique indexes make "once per customer" hold under concurrent checkouts too.
 */
export const discountUses = pgTable(
  'discount_uses',
  {
    id: id(),
    codeId: ownedBy('code_id', () => discountCodes.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id'),
    /** Set on codes that are once per customer: the uniqueness below applies to these rows only. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    releasedAt: timestampTz('released_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('discount_uses_order_key').on(table.orderId),
    index('discount_uses_code_idx').on(table.codeId, table.createdAt),
    uniqueIndex('discount_uses_once_per_email_key')
      .on(table.codeId, table.email)
      .where(sql`${table.oncePerCustomer} and ${table.releasedAt} is null`),
    uniqueIndex('discount_uses_once_per_account_key')
      .on(table.codeId, table.userId)
      .where(
        sql`${table.oncePerCustomer} and ${table.releasedAt} is null and ${table.userId} is not null`,
      ),
  ],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountUseRow = typeof discountUses.$inferSelect;
