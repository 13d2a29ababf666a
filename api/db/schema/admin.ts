import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy, timestampTz } from './columns';
import { outbox } from './messaging';
import { orders } from './orders';
import { payments } from './payments';
import { returnRequests } from './order-requests';
import { users } from './users';

/**
 * Every change made in the back office (issue 14): who, what, when, and the state before and after.
 * Rows are only ever inserted, in the same transaction as the change they describe.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
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
    createdAt: createdAt(),
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
    readAt: timestampTz('read_at').notNull().defaultNow(),
  },
  (table) => [index('inbox_reads_item_idx').on(table.kind, table.itemId)],
);

/** The lines and quantities a partial refund gives money back for, with what each line refunded. */
export type RefundLine = { orderItemId: string; quantity: number; amountCents: number };

/**
 * Refunds of an order (issue 14): partial refunds of delivered orders after a return, and (issue
 * 25) the whole payment given back when an order is canceled. A partial refund is written
 * `pending` with the order row locked, after checking that it and every earlier refund not
 * `failed` stay within what was paid; the gateway is then asked with the row's idempotency key,
 * and the row moves to `succeeded` (with the gateway's reference) or `failed` (no longer counted).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    returnRequestId: uuid('return_request_id').references(() => returnRequests.id, {
      onDelete: 'set null',
    }),
    /** The gateway's idempotency key: the same request sent twice refunds once. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The sales tax this refund gives back (part of amountCents), for the tax return (issue 28). */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The part of amountCents returned to gift cards rather than the payment card (issue 26). */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    /** The gateway's id for the refund, once it succeeded; null for refunds recorded before. */
    gatewayReference: text('gateway_reference'),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('order_refunds_idempotency_key').on(table.idempotencyKey),
    index('order_refunds_order_idx').on(table.orderId),
    check('order_refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * What one refund gave back to one payment (issue 35): a refund of an order is split over its
 * payments, the gift card's part first, then the card, each part a row here. A gateway part is
 * written `pending` before the gateway is asked and becomes `succeeded` with its reference, or is
 * deleted when the gateway refuses; a gift card's part is `succeeded` in the transaction that
 * gives it back. What a payment has refunded is the sum of its succeeded rows.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: ownedBy('payment_id', () => payments.id),
    refundId: ownedBy('refund_id', () => orderRefunds.id),
    /** The gateway's key of a card's part: the refund's key; a gift card's: that and ':gift-card'. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] }).notNull(),
    /** The gateway's id for the refund; null for a gift card's part and refunds made before. */
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payment_refunds_idempotency_key').on(table.idempotencyKey),
    index('payment_refunds_payment_idx').on(table.paymentId),
    index('payment_refunds_refund_idx').on(table.refundId),
    check('payment_refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * The owner's replies to a contact message or an issue report (issue 25 point 6), kept on the
 * item's thread. Each is mailed through the outbox and audited in the same transaction.
 */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: id(),
    /** 'contact' or 'issue': the inbox item replied to. */
    kind: text('kind', { enum: ['contact', 'issue'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The email in the outbox; null once housekeeping removed it (the reply stays). */
    outboxId: uuid('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inbox_replies_item_idx').on(table.kind, table.itemId, table.createdAt)],
);

export type InboxReplyRow = typeof inboxReplies.$inferSelect;

/**
 * Internal notes on an order (issue 28 point 5): the back office's own, never in any customer's or
 * guest's answer. Only ever inserted; each one is also in the audit log.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    /** The admin who wrote it; null once that account is deleted (the email stays). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_notes_order_idx').on(table.orderId, table.createdAt),
    check('order_notes_text_length', sql`char_length(${table.text}) between 1 and 2000`),
  ],
);
