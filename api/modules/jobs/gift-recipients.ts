import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCards, orderItems, orders, outbox } from '../../db/schema';
import { DEFAULT_BATCHES, inBatches, type BatchLimits } from './batches';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { daysAfter } from '../../../core/dates';

/**
 * A gift's recipient email serves one notice (the parcel shipped, the card's code); the privacy
 * policy keeps it until 30 days after delivery or after a cancel, and 60 days after shipping when
 * the parcel is never marked delivered (DECISIONS "Gifts", issues 26 and 36).
 */
export const GIFT_RECIPIENT_KEEP_DAYS = 30;
export const GIFT_UNDELIVERED_KEEP_DAYS = 60;
const daysBefore = (now: Date, days: number) => daysAfter(now, -days);

/** An order that will never be paid: its gift went nowhere (issue 36 row 9). */
const neverPaid = (keep: Date) =>
  and(
    inArray(orders.shippingStatus, [ORDER_STATE.abandoned, ORDER_STATE.paymentFailed]),
    lte(orders.createdAt, keep),
  );

/** A gift parcel whose recipient email has served: delivered, canceled, or shipped and lost. */
function parcelDone(now: Date): SQL | undefined {
  const keep = daysBefore(now, GIFT_RECIPIENT_KEEP_DAYS);
  return or(
    lte(orders.deliveredAt, keep),
    lte(orders.canceledAt, keep),
    and(
      isNull(orders.deliveredAt),
      lte(orders.shippedAt, daysBefore(now, GIFT_UNDELIVERED_KEEP_DAYS)),
    ),
    neverPaid(keep),
  );
}

/** An order whose gift cards are void (canceled) or were never issued (never paid). */
function cardsVoid(now: Date): SQL | undefined {
  const keep = daysBefore(now, GIFT_RECIPIENT_KEEP_DAYS);
  return or(lte(orders.canceledAt, keep), neverPaid(keep));
}

/**
 * Deletes the sent mail of `kind` to these addresses: the outbox's copy of the address goes with
 * the order's. (A second gift to the same address loses its sent notice's record with the first.)
 */
async function forgetMail(tx: Db, kind: string, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(outbox).where(
    and(
      eq(outbox.kind, kind),
      ne(outbox.status, 'pending'),
      inArray(
        sql`lower(${outbox.to})`,
        emails.map((email) => email.toLowerCase()),
      ),
    ),
  );
}

/**
 * Clears, in bounded batches, every copy of a gift recipient's email whose time has come (`now`
 * is the caller's clock; tests pass one): a gift parcel's (the order's, and the shipped notice in
 * the outbox), and a void gift card's (its order line's, the card's, and its delivery email).
 * A live card's recipient stays until the retention period (retention.ts). Answers how many
 * orders and order lines were cleared.
 */
export async function clearGiftRecipientEmails(
  db: Db,
  now: Date = new Date(),
  limits: BatchLimits = DEFAULT_BATCHES,
): Promise<number> {
  const parcels = await inBatches(limits, (batchSize) =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id, email: orders.giftRecipientEmail })
        .from(orders)
        .where(and(isNotNull(orders.giftRecipientEmail), parcelDone(now)))
        .limit(batchSize);
      if (due.length === 0) return 0;
      await tx
        .update(orders)
        .set({ giftRecipientEmail: null })
        .where(
          inArray(
            orders.id,
            due.map((row) => row.id),
          ),
        );
      await forgetMail(
        tx as unknown as Db,
        'order.gift-shipped',
        due.map((row) => row.email!),
      );
      return due.length;
    }),
  );
  const recipientEmail = sql<string>`${orderItems.giftCard} ->> 'recipientEmail'`;
  const cards = await inBatches(limits, (batchSize) =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orderItems.id, email: recipientEmail })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(isNotNull(orderItems.giftCard), ne(recipientEmail, ''), cardsVoid(now)))
        .limit(batchSize);
      if (due.length === 0) return 0;
      const ids = due.map((row) => row.id);
      await tx
        .update(orderItems)
        .set({ giftCard: sql`${orderItems.giftCard} || '{"recipientEmail": ""}'::jsonb` })
        .where(inArray(orderItems.id, ids));
      await tx
        .update(giftCards)
        .set({ recipientEmail: '' })
        .where(inArray(giftCards.orderItemId, ids));
      await forgetMail(
        tx as unknown as Db,
        'giftcard.delivered',
        due.map((row) => row.email),
      );
      return due.length;
    }),
  );
  return parcels + cards;
}
