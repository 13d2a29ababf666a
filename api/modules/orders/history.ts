import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  returnRequestItems,
  returnRequests,
  type OrderItemRow,
  type OrderRow,
  type ReturnRequestRow,
} from '../../db/schema';
import { centsToDollars } from '../../../core/money';
import { isCarrier, trackingUrl } from '../../../core/admin/model';
import { moneyByOrder } from './order-money';
import type { OrderMoney } from '../../../core/admin/order-money';
import type { HistoryOrder } from '../../../core/orders/history-model';
import { RETURN_EXCLUSIONS, returnExclusion } from '../../../core/orders/returns';
import { ownedBy, type Customer } from './ownership';
import { giftOf, orderLineOf } from './repository';
import { discountOf } from './discount-view';
import { promisedWindowOf } from '../../../core/arrival';
import { CUSTOMER_VISIBLE_STATES, ORDER_STATE } from '../../../core/orders/lifecycle';
import { withinReturnWindow } from './returns-policy';
import { customerMayCancel, ordersWithDownloads } from './digital-delivery';

/**
 * The states a customer's order history lists: the paid ones and what happened to them, with a
 * cancel still under way (`canceling`, `refund_failed`) in the page's "other" group. Orders before
 * payment never show.
 */
export const HISTORY_STATUSES = CUSTOMER_VISIBLE_STATES;

/** A return request with the order lines it named. */
export type ReturnWithLines = ReturnRequestRow & { itemIds?: string[] };

/**
 * Why a line cannot go back now: the policy's reason, or a declined return that named it (the
 * same return is not offered again).
 */
export function lineExclusion(item: OrderItemRow, returns: ReturnWithLines[]): string | null {
  const declined = returns.some(
    (request) => request.status === 'declined' && request.itemIds?.includes(item.id),
  );
  return returnExclusion(item) ?? (declined ? RETURN_EXCLUSIONS.declined : null);
}

const shippedOrLater = (status: string) =>
  status === ORDER_STATE.shipped || status === ORDER_STATE.delivered;

export function toHistoryOrder(
  order: OrderRow,
  items: OrderItemRow[],
  returns: ReturnWithLines[],
  now: Date = new Date(),
  // Its payments and what went back (moneyByOrder); without them, a canceled order's went back whole.
  money: Pick<OrderMoney, 'refundedCents' | 'payments'> = {
    refundedCents: order.paymentStatus === 'refunded' ? order.totalCents : 0,
    payments: [],
  },
  // Whether one of its files was downloaded: then it cannot be canceled (digital-delivery.ts).
  downloaded = false,
): HistoryOrder {
  const lines = items.map((item) => {
    const excludedReason = lineExclusion(item, returns);
    return { itemId: item.id, ...orderLineOf(item), returnable: !excludedReason, excludedReason };
  });
  const status = order.shippingStatus;
  const tracking = shippedOrLater(status) ? order.trackingNumber : null;
  const carrier = shippedOrLater(status) ? order.carrier : null;
  return {
    _id: order.id,
    orderNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    shippingStatus: status,
    paymentStatus: order.paymentStatus,
    items: lines,
    subtotal: centsToDollars(order.subtotalCents),
    discount: discountOf(order),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    refunded: centsToDollars(money.refundedCents),
    payments: money.payments,
    shippingAddress: order.shippingAddress,
    gift: giftOf(order),
    promised: promisedWindowOf(order),
    carrier,
    trackingNumber: tracking,
    trackingUrl: carrier && tracking && isCarrier(carrier) ? trackingUrl(carrier, tracking) : null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    canceledAt: order.canceledAt?.toISOString() ?? null,
    canCancel: customerMayCancel(order, items, downloaded),
    canReportIssue: status === ORDER_STATE.shipped,
    canStartReturn:
      withinReturnWindow(order, now) &&
      lines.some((line) => line.returnable) &&
      !returns.some((request) => request.status !== 'declined'),
    returnRequests: returns.map((request) => ({
      _id: request.id,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      declineReason: request.status === 'declined' ? request.declineReason : null,
    })),
  };
}

/** The return requests of some orders, oldest first, each with the lines it named. */
export async function returnsOf(db: Db, orderIds: string[]): Promise<ReturnWithLines[]> {
  if (orderIds.length === 0) return [];
  const requests = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, orderIds))
    .orderBy(asc(returnRequests.createdAt));
  if (requests.length === 0) return [];
  const lines = await db
    .select()
    .from(returnRequestItems)
    .where(
      inArray(
        returnRequestItems.returnRequestId,
        requests.map((request) => request.id),
      ),
    );
  return requests.map((request) => ({
    ...request,
    itemIds: lines
      .filter((line) => line.returnRequestId === request.id)
      .map((line) => line.orderItemId),
  }));
}

/** The history of the orders `customer` may read, newest first, with their lines and returns. */
export async function listOrderHistory(db: Db, customer: Customer): Promise<HistoryOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(ownedBy(customer), inArray(orders.shippingStatus, HISTORY_STATUSES)))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, returns, money, downloaded] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position)),
    returnsOf(db, ids),
    moneyByOrder(db, rows),
    ordersWithDownloads(db, ids),
  ]);
  const now = new Date();
  return rows.map((row) =>
    toHistoryOrder(
      row,
      items.filter((item) => item.orderId === row.id),
      returns.filter((request) => request.orderId === row.id),
      now,
      money.get(row.id),
      downloaded.has(row.id),
    ),
  );
}

/** One of the customer's listed orders, or undefined (another customer's id reads as missing). */
export async function findOwnOrder(
  db: Db,
  customer: Customer,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        ownedBy(customer),
        inArray(orders.shippingStatus, HISTORY_STATUSES),
      ),
    );
  return row;
}
