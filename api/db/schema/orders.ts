import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy, timestampTz } from './columns';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderAddress } from '../../../core/orders/statuses';
import { CANCEL_REASONS } from '../../../core/admin/cancel-reason';
import { products } from './catalogue';
import type { GiftCardDetails } from '../../../core/gift-cards/model';
import { PRODUCT_KINDS, TAX_CLASSES } from '../../../core/product/kind';
import type { PersonalizedText } from '../../../core/product/personalization';

export {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SHIPPING_STATUSES,
  VISIBLE_ORDER_STATUSES,
  type OrderAddress,
  type OrderStatus,
  type PaymentStatus,
  type ShippingStatus,
} from '../../../core/orders/statuses';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The short number shoppers quote (shown as "Order 1001"). */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    /** Set for signed-in shoppers (accounts issue); null for guests. */
    userId: uuid('user_id'),
    isGuest: boolean('is_guest').notNull(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** null for an order of digital items only: nothing is shipped, tax follows the billing address. */
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    acceptedReturnPolicy: boolean('accepted_return_policy').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The sales-tax rate applied, a fraction (0.1035 = 10.35 %). */
    taxRate: numeric('tax_rate', { precision: 8, scale: 6, mode: 'number' }).notNull(),
    taxCents: integer('tax_cents').notNull(),
    /**
     * Washington's location code the tax was charged for (DOR's ZIP+4 file) and the period that
     * rate was in force; all three null when the tax came from the fallback ZIP-prefix table or
     * the order is outside Washington (issue 28).
     */
    taxLocationCode: text('tax_location_code'),
    taxPeriodStart: date('tax_period_start', { mode: 'string' }),
    taxPeriodEnd: date('tax_period_end', { mode: 'string' }),
    totalCents: integer('total_cents').notNull(),
    /**
     * The discount code applied (issue 42), as the owner wrote it, and what it took off the
     * subtotal, in cents (the lines' `discountCents` add up to it); null and 0 without a code.
     * The total is subtotal − discount + tax.
     */
    discountCode: text('discount_code'),
    discountCodeId: uuid('discount_code_id'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** What gift cards paid of the total (issue 26); the payment card was charged the rest. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /**
     * A gift (issue 26): the buyer's message (plain text, ≤ 300 characters, line breaks kept), or
     * null when the order is not a gift; whether its slip and the recipient's email hide prices;
     * the recipient's email for the one shipped notice, removed 30 days after delivery.
     */
    giftMessage: text('gift_message'),
    giftHidePrices: boolean('gift_hide_prices').notNull().default(false),
    giftRecipientEmail: text('gift_recipient_email'),
    currency: text('currency').notNull().default('usd'),
    shippingStatus: text('shipping_status', { enum: ORDER_STATUSES })
      .notNull()
      .default('unfulfilled'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    /** The gateway's idempotency key for this order's charge: how recovery asks about it. */
    chargeKey: text('charge_key'),
    /** The idempotency key of the request that placed the order (released if it is abandoned). */
    requestKey: text('request_key'),
    /** Set by markShipped (api/modules/orders/fulfilment.ts). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestampTz('shipped_at'),
    /** When delivered: a return can be started within 14 days of it. */
    deliveredAt: timestampTz('delivered_at'),
    canceledAt: timestampTz('canceled_at'),
    /** Why the shop canceled it (the owner's cancel); null when the customer canceled it. */
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    /** The owner's own words when the reason is "other". */
    cancelNote: text('cancel_note'),
    /**
     * A pending order the recovery job could not settle (issue 35): its failed tries, when it is
     * tried next (backoff) and the last error. After a few tries the dashboard shows it.
     */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    recoveryNextAt: timestampTz('recovery_next_at'),
    recoveryError: text('recovery_error'),
    /**
     * The arrival window promised at checkout and the day the parcel must leave by (issue 41;
     * core/arrival.ts): written once when the order is placed, never recomputed. Null for an
     * order with nothing to ship (and orders placed before issue 41).
     */
    promisedEarliest: date('promised_earliest', { mode: 'string' }),
    promisedLatest: date('promised_latest', { mode: 'string' }),
    shipBy: date('ship_by', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_number_key').on(table.number),
    // Pending orders due for recovery, next try first (api/modules/orders/recovery.ts).
    index('orders_recovery_due_idx')
      .on(table.recoveryNextAt, table.createdAt)
      .where(sql`${table.shippingStatus} = 'pending_payment'`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_email_created_idx').on(table.email, table.createdAt),
    index('orders_shipping_status_idx').on(table.shippingStatus, table.createdAt),
    // The unfulfilled list, most urgent first (issue 41).
    index('orders_ship_by_idx')
      .on(table.shipBy)
      .where(sql`${table.shippingStatus} = 'unfulfilled'`),
    uniqueIndex('orders_charge_key_key').on(table.chargeKey),
    // Orders still to anonymise (api/modules/jobs/retention.ts), oldest first.
    index('orders_retention_idx')
      .on(table.createdAt)
      .where(sql`${table.email} <> ''`),
    check(
      'orders_amounts_nonnegative',
      sql`${table.subtotalCents} >= 0 and ${table.taxCents} >= 0`,
    ),
    check(
      'orders_gift_card_within_total',
      sql`${table.giftCardCents} >= 0 and ${table.giftCardCents} <= ${table.totalCents}`,
    ),
    check(
      'orders_total_is_sum',
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.taxCents}`,
    ),
    check(
      'orders_discount_within_subtotal',
      sql`${table.discountCents} >= 0 and ${table.discountCents} <= ${table.subtotalCents}`,
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
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    image: text('image'),
    alttext: text('alttext').notNull().default(''),
    category: text('category').notNull(),
    supplier: text('supplier').notNull(),
    /** The product's kind and tax class when bought (issue 35): what the line is, for good. */
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull().default('goods'),
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('standard'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /**
     * The sales tax of this line, in cents: the order's tax is the sum of its lines' (each line's
     * net at the order's rate, the rounding remainder on the largest lines), so refunds and the
     * tax report add up lines.
     */
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * This line's share of the order's discount, in cents (issue 42; largest remainder): its net is
     * unitPriceCents × quantity − discountCents, and `taxCents` is on that net.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    stockSkus: text('stock_skus')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A gift card line's recipient, message, delivery date and amount (issue 26; gift-cards). */
    giftCard: jsonb('gift_card').$type<GiftCardDetails>(),
    /**
     * A personalized line's texts with their labels (issue 40), null for any other line, and what
     * they added to each unit, in cents: `unitPriceCents` includes it, so tax and refunds follow.
     */
    personalization: jsonb('personalization').$type<PersonalizedText[]>(),
    personalizationCents: integer('personalization_cents').notNull().default(0),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.position),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_price_nonnegative', sql`${table.unitPriceCents} >= 0`),
    check('order_items_tax_nonnegative', sql`${table.taxCents} >= 0`),
    check(
      'order_items_discount_within_line',
      sql`${table.discountCents} between 0 and ${table.unitPriceCents} * ${table.quantity}`,
    ),
    check(
      'order_items_personalization_within_price',
      sql`${table.personalizationCents} between 0 and ${table.unitPriceCents}`,
    ),
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
    /** Who holds the key now: a takeover changes it, so the old holder cannot place an order. */
    claimId: uuid('claim_id'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.createdAt)],
);

/**
 * The sandbox gateway's charges, kept like a real gateway keeps them: by idempotency key, so a
 * retried charge gets its first answer and the recovery job can ask whether a charge happened; a
 * token (by its hash) pays for one charge only.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    reference: text('reference').notNull(),
    /** paid, or the refusal: declined / insufficient_funds / expired. */
    outcome: text('outcome').notNull(),
    amountCents: integer('amount_cents').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sandbox_charges_token_key').on(table.tokenHash),
    uniqueIndex('sandbox_charges_reference_key').on(table.reference),
  ],
);

/** Stripe webhook events already handled, by event id, so a replayed event is processed once. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** What the event did: 'applied' or why it was not ('unknown payment', 'ignored type'). */
    outcome: text('outcome').notNull(),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (table) => [index('stripe_events_received_idx').on(table.receivedAt)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
