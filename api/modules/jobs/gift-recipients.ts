import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { DEFAULT_BATCHES, inBatches, type BatchLimits } from './batches';

/**
 * A gift's recipient email serves one notice, when the parcel ships; the privacy policy keeps it
 * until 30 days after delivery (DECISIONS "Gifts", issue 26).
 */
export const GIFT_RECIPIENT_KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Clears the recipient email of every gift order delivered at least 30 days before `now`, in
 * bounded batches. Answers how many were cleared. `now` is the caller's clock (tests pass one).
 */
export async function clearGiftRecipientEmails(
  db: Db,
  now: Date = new Date(),
  limits: BatchLimits = DEFAULT_BATCHES,
): Promise<number> {
  const cutoff = new Date(now.getTime() - GIFT_RECIPIENT_KEEP_DAYS * DAY_MS);
  return inBatches(limits, async (batchSize) => {
    const due = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.giftRecipientEmail), lte(orders.deliveredAt, cutoff)))
      .limit(batchSize);
    const done = await db
      .update(orders)
      .set({ giftRecipientEmail: null })
      .where(inArray(orders.id, due))
      .returning({ id: orders.id });
    return done.length;
  });
}
