import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';

/** A postal address as the order keeps it (spec §3 Address, without the saved-address id). */
export interface OrderAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipcode: string;
}

export const SHIPPING_STATUSES = ['unfulfilled', 'shipped', 'delivered', 'canceled'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** pending: charged but not settled yet (Stripe 'processing'); the webhook moves it on. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number shoppers quote (shown as "Order 1001"). */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    /** Set for signed-in shoppers (accounts issue); null for guests. */
    userId: uuid('user_id'),
    isGuest: boolean('is_guest').notNull(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    acceptedReturnPolicy: boolean('accepted_return_policy').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The sales-tax rate applied, a fraction (0.1035 = 10.35 %). */
    taxRate: numeric('tax_rate', { precision: 8, scale: 6, mode: 'number' }).notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    shippingStatus: text('shipping_status', { enum: SHIPPING_STATUSES })
      .notNull()
      .default('unfulfilled'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_number_key').on(table.number),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_email_created_idx').on(table.email, table.createdAt),
    index('orders_shipping_status_idx').on(table.shippingStatus, table.createdAt),
    check(
      'orders_amounts_nonnegative',
      sql`${table.subtotalCents} >= 0 and ${table.taxCents} >= 0`,
    ),
    check(
      'orders_total_is_sum',
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.taxCents}`,
    ),
  ],
);

/**
 * What was bought, as it was when bought: title, variant, sku, image and price are copies, so the
 * order reads the same after the catalogue changes. `stockSkus` names the variant rows whose stock
 * the line took (one per chosen bundle option), so a cancellation can put it back.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    image: text('image'),
    alttext: text('alttext').notNull().default(''),
    category: text('category').notNull(),
    supplier: text('supplier').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    stockSkus: text('stock_skus')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.position),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_price_nonnegative', sql`${table.unitPriceCents} >= 0`),
  ],
);

/** One charge at a payment gateway for an order. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The gateway's id for the charge (a PaymentIntent id with Stripe). */
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_reference_key').on(table.provider, table.reference),
    index('payments_order_idx').on(table.orderId),
  ],
);

/**
 * Idempotency keys of state-changing requests (order confirmation). A key is claimed before the
 * work starts; the finished answer is kept, so a retry with the same key gets it back instead of a
 * second order and a second charge. `requestHash` refuses a key reused for a different request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.createdAt)],
);

/** Stripe webhook events already handled, by event id, so a replayed event is processed once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** What the event did: 'applied' or why it was not ('unknown payment', 'ignored type'). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
