import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy } from './columns';
import { PAYMENT_METHODS } from '../../../core/orders/payments';
import { PAYMENT_STATUSES } from '../../../core/orders/statuses';
import { giftCards } from './gift-cards';
import { orders } from './orders';

/**
 * One payment of an order (issue 35): a charge at a payment gateway (`sandbox`, `stripe`) or a gift
 * card's redemption (`gift_card`, with the card it came from). What the order was paid is the sum
 * of its payments; refunds are rows against one payment each (`payment_refunds`).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The gift card a `gift_card` payment spent; null for a card charge. */
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    /** The gateway's id for the charge (a PaymentIntent id with Stripe); a gift card's: its own. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_method_reference_key').on(table.method, table.reference),
    index('payments_order_idx').on(table.orderId),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
