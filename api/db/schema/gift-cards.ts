import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, ownedBy, timestampTz } from './columns';
import { orderItems, orders } from './orders';

/**
 * Gift cards (issue 26 item 3). A card is written when the order that bought it is paid; its code
 * is made when it is delivered (by email on `deliver_on`, the shop's calendar day) and kept only as
 * a keyed hash with its last 4 characters. Its balance is the sum of its ledger, never a column.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    /** HMAC-SHA-256 of the code with the server secret; null until delivered. */
    codeHash: text('code_hash'),
    last4: text('last4'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    initialCents: integer('initial_cents').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    deliveredAt: timestampTz('delivered_at'),
    disabledAt: timestampTz('disabled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('gift_cards_code_hash_key').on(table.codeHash),
    index('gift_cards_due_idx')
      .on(table.deliverOn)
      .where(sql`${table.deliveredAt} is null`),
    index('gift_cards_order_idx').on(table.orderId),
    check('gift_cards_initial_positive', sql`${table.initialCents} > 0`),
  ],
);

export const GIFT_CARD_LEDGER_KINDS = ['issue', 'redemption', 'refund', 'adjustment'] as const;

/**
 * Every change of a card's balance, one row each: its issue (+), an order's redemption (−), the
 * part given back when that order is canceled or refunded (+), an owner's adjustment (±).
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: id(),
    giftCardId: ownedBy('gift_card_id', () => giftCards.id),
    kind: text('kind', { enum: GIFT_CARD_LEDGER_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('gift_card_ledger_card_idx').on(table.giftCardId, table.createdAt),
    index('gift_card_ledger_order_idx').on(table.orderId),
    check(
      'gift_card_ledger_sign',
      sql`(${table.kind} in ('issue', 'refund') and ${table.amountCents} > 0) or (${table.kind} = 'redemption' and ${table.amountCents} < 0) or (${table.kind} = 'adjustment' and ${table.amountCents} <> 0)`,
    ),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardLedgerRow = typeof giftCardLedger.$inferSelect;
