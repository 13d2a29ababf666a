import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderRefunds, payments, type OrderRefundRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { RETURN_MESSAGES } from '../../../../core/admin/model';

/*
 * What an owner's refund (of a return's lines, or of chosen lines) reads before it records itself:
 * the one refund its key already recorded, and what the order's payments took.
 */

/**
 * The refund this idempotency key already recorded (a retried click answers with it), if any. A
 * failed one is refused: it gave nothing back, and the owner starts again with a new key.
 */
export async function refundRecordedUnder(
  db: Db,
  key: string,
): Promise<OrderRefundRow | undefined> {
  const [again] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
  if (again?.status === 'failed') throw new AppError('CONFLICT', RETURN_MESSAGES.refundFailed);
  return again;
}

/** What the order's payments took, every instrument (paid, or already partly refunded). */
export async function paidOf(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refunded'])));
  return Number(row?.cents ?? 0);
}
