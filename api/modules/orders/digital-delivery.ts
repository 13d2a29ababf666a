import { and, eq, gt, inArray, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { downloadGrants, orders, type OrderRow } from '../../db/schema';
import type { PaymentStatus } from '../../../core/orders/statuses';
import {
  allows,
  CLOSING_STATES,
  ORDER_STATE,
  orderKindOf,
  shipsNothing,
} from '../../../core/orders/lifecycle';
import type { ProductKind } from '../../../core/product/kind';
import { stateAllowsSql } from '../../db/lifecycle-sql';

/*
 * DECISIONS "Digital-only orders": an order of digital items only is delivered when paid (its
 * download link is its delivery), never waits to be shipped, and can be canceled (refunded) until
 * one of its files is downloaded.
 */

/** The state an order takes when its charge succeeds (`paid`) or is still settling (`pending`). */
export function paidOrderState(
  items: readonly { kind: ProductKind }[],
  paymentStatus: PaymentStatus,
): Pick<OrderRow, 'shippingStatus' | 'paymentStatus'> & { deliveredAt?: Date } {
  // Gift cards are emailed on their own date (issue 26): nothing of theirs waits to be shipped.
  if (paymentStatus === 'paid' && items.length > 0 && shipsNothing(orderKindOf(items))) {
    return { shippingStatus: ORDER_STATE.delivered, paymentStatus, deliveredAt: new Date() };
  }
  return { shippingStatus: ORDER_STATE.unfulfilled, paymentStatus };
}

export { hasNothingToShip } from '../../db/lifecycle-sql';

/** SQL: none of the order's files has been downloaded. */
export const noFileDownloaded = (db: Db): SQL =>
  notExists(
    db
      .select({ id: downloadGrants.id })
      .from(downloadGrants)
      .where(and(eq(downloadGrants.orderId, orders.id), gt(downloadGrants.uses, 0))),
  );

/**
 * SQL: the states a customer's cancel may leave, from the lifecycle table: `unfulfilled`, or
 * `delivered` when the order is digital items only (the file-not-downloaded condition comes with
 * it, `noFileDownloaded`). A cancel already under way is finished elsewhere.
 */
export const cancelableState: SQL = stateAllowsSql('cancel', CLOSING_STATES);

/** Whether the customer may cancel (the same rule as `cancelableState`, for the history page). */
export function customerMayCancel(
  order: Pick<OrderRow, 'shippingStatus'>,
  items: readonly { kind: ProductKind }[],
  downloaded: boolean,
): boolean {
  const status = order.shippingStatus;
  if (items.length === 0 || !allows(status, orderKindOf(items), 'cancel')) return false;
  return CLOSING_STATES.includes(status) || !downloaded;
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
