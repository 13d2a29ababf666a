import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys, orders, type OrderItemRow, type OrderRow } from '../../db/schema';
import { returnToCards } from '../gift-cards';
import { releaseUse } from '../discounts';
import { orderStockChanged } from '../inventory';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { giftCardPaymentFailed, orderItemsOf } from './repository';
import { releaseStock, reservationOf, stockChangeOf } from './stock';

/**
 * closeOrder for an order not paid, when only the database is at hand (the order request's own
 * declined charge, settle.ts): false when the order was not pending any more.
 */
export async function closePendingOrder(
  db: Db,
  orderId: string,
  by: 'recovery' | 'payment-failed',
): Promise<boolean> {
  let released: ReturnType<typeof reservationOf> | undefined;
  const closed = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.shippingStatus, ORDER_STATE.pendingPayment)))
      .for('update');
    if (!order) return false;
    const items = await orderItemsOf(tx, orderId);
    released = reservationOf(items);
    await closeUnpaid(tx, order, items, by);
    return true;
  });
  if (released) await orderStockChanged(db, stockChangeOf(released));
  return closed;
}

/**
 * A pending order whose charge took nothing ends `payment_failed` (declined) or `abandoned`
 * (recovered): its stock and its gift cards' part go back, and its request's key is let go so the
 * shopper can try again.
 */
export async function closeUnpaid(
  tx: Db,
  order: OrderRow,
  items: OrderItemRow[],
  by: 'recovery' | 'payment-failed',
): Promise<OrderRow> {
  await releaseStock(tx, reservationOf(items));
  // Its discount code's use is given back (issue 42), once however often this is reached.
  await releaseUse(tx, order.id);
  if (order.giftCardCents > 0) {
    await returnToCards(tx, order.id, order.giftCardCents, 'order not paid');
    // Never paid: the gift card's payment row no longer counts as paid (issue 35).
    await giftCardPaymentFailed(tx, order.id);
  }
  const [row] = await tx
    .update(orders)
    .set({
      shippingStatus: by === 'recovery' ? ORDER_STATE.abandoned : ORDER_STATE.paymentFailed,
      paymentStatus: 'failed',
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (order.requestKey) {
    await tx
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.key, order.requestKey), eq(idempotencyKeys.status, 'in_progress')),
      );
  }
  return row!;
}
