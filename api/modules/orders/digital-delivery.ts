import { and, eq, gt, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { downloadGrants, orderItems, orders, type OrderRow } from '../../db/schema';
import { DIGITAL_CATEGORY } from '../../../core/product/digital';
import { isDigitalOnly, shipsNothing } from '../../../core/cart/rules';
import type { PaymentStatus } from '../../../core/orders/statuses';

/*
 * DECISIONS "Digital-only orders": an order of digital items only is delivered when paid (its
 * download link is its delivery), never waits to be shipped, and can be canceled (refunded) until
 * one of its files is downloaded.
 */

/** The state an order takes when its charge succeeds (`paid`) or is still settling (`pending`). */
export function paidOrderState(
  items: { category: string }[],
  paymentStatus: PaymentStatus,
): Pick<OrderRow, 'shippingStatus' | 'paymentStatus'> & { deliveredAt?: Date } {
  // Gift cards are emailed on their own date (issue 26): nothing of theirs waits to be shipped.
  if (paymentStatus === 'paid' && shipsNothing(items)) {
    return { shippingStatus: 'delivered', paymentStatus, deliveredAt: new Date() };
  }
  return { shippingStatus: 'unfulfilled', paymentStatus };
}

/** SQL: the order (the `orders` row in scope) has no line to ship. */
export const hasNothingToShip: SQL = notExists(
  sql`(select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and lower(${orderItems.category}) <> ${DIGITAL_CATEGORY})`,
);

/** SQL: none of the order's files has been downloaded. */
export const noFileDownloaded = (db: Db): SQL =>
  notExists(
    db
      .select({ id: downloadGrants.id })
      .from(downloadGrants)
      .where(and(eq(downloadGrants.orderId, orders.id), gt(downloadGrants.uses, 0))),
  );

/**
 * SQL: the states a customer's cancel may leave: `unfulfilled`, or `delivered` when the order is
 * digital items only (the file-not-downloaded condition comes with it, `noFileDownloaded`).
 */
export const cancelableState: SQL = or(
  eq(orders.shippingStatus, 'unfulfilled'),
  and(eq(orders.shippingStatus, 'delivered'), hasNothingToShip),
)!;

/** Whether the customer may cancel (the same rule as `cancelableState`, for the history page). */
export function customerMayCancel(
  order: Pick<OrderRow, 'shippingStatus'>,
  items: { category: string }[],
  downloaded: boolean,
): boolean {
  const status = order.shippingStatus;
  if (status === 'canceling' || status === 'refund_failed') return true;
  if (downloaded) return false;
  return status === 'unfulfilled' || (status === 'delivered' && isDigitalOnly(items));
}

/** The ids, of `orderIds`, whose order has a file downloaded at least once. */
export async function ordersWithDownloads(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: downloadGrants.orderId })
    .from(downloadGrants)
    .where(and(inArray(downloadGrants.orderId, orderIds), gt(downloadGrants.uses, 0)));
  return new Set(rows.map((row) => row.orderId));
}
