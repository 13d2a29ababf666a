import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orderRefunds,
  orders,
  returnRequestItems,
  returnRequests,
} from '../../db/schema';

/** The return request with its order and the lines it sends back. */
export async function loadReturn(db: Db, id: string) {
  const [row] = await db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  if (!row) return undefined;
  const items = await db
    .select({
      orderItemId: returnRequestItems.orderItemId,
      quantity: returnRequestItems.quantity,
      title: orderItems.title,
      variantTitle: orderItems.variantTitle,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, id))
    .orderBy(asc(orderItems.position));
  return { ...row, items };
}

/** What every refund not failed has given back for an order: in total and by line. */
export async function refundedSoFar(db: Db, orderId: string) {
  const rows = await db
    .select({ amountCents: orderRefunds.amountCents, lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  const byLine = new Map<string, number>();
  for (const line of rows.flatMap((row) => row.lines)) {
    byLine.set(line.orderItemId, (byLine.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return { totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0), byLine };
}

/** A return request as `loadReturn` finds it. */
export type FoundReturn = NonNullable<Awaited<ReturnType<typeof loadReturn>>>;
