import { and, eq, ne, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRefunds } from '../../db/schema';

/** The tax an order's refunds (not failed) gave back so far, in cents. */
export async function taxRefundedSoFar(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sum(orderRefunds.taxCents).mapWith(Number) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  return row?.cents ?? 0;
}
