import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, orders, returnRequestItems, returnRequests } from '../../../db/schema';

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
export { refundedSoFar } from '../refund-payments';

/** A return request as `loadReturn` finds it. */
export type FoundReturn = NonNullable<Awaited<ReturnType<typeof loadReturn>>>;
