import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  returnRequests,
  type OrderItemRow,
  type OrderRow,
  type ReturnRequestRow,
} from '../../db/schema';
import { centsToDollars } from '../../../core/money';
import { moneyByOrder } from './order-money';
import type { HistoryOrder } from '../../../core/orders/history-model';
import { ownedBy, type Customer } from './ownership';
import { orderLineOf } from './repository';
import { isReturnable, withinReturnWindow } from './returns-policy';
import { customerMayCancel, ordersWithDownloads } from './digital-delivery';

/**
 * The states a customer's order history lists: the paid ones and what happened to them, with a
 * cancel still under way (`canceling`, `refund_failed`) in the page's "other" group. Orders before
 * payment never show.
 */
export const HISTORY_STATUSES = [
  'unfulfilled',
  'shipped',
  'delivered',
  'canceled',
  'canceling',
  'refund_failed',
] as const;

export function toHistoryOrder(
  order: OrderRow,
  items: OrderItemRow[],
  returns: ReturnRequestRow[],
  now: Date = new Date(),
  // What went back to the customer's card; a canceled order's payment went back whole.
  refundedCents: number = order.paymentStatus === 'refunded' ? order.totalCents : 0,
  // Whether one of its files was downloaded: then it cannot be canceled (digital-delivery.ts).
  downloaded = false,
): HistoryOrder {
  const lines = items.map((item) => ({
    itemId: item.id,
    ...orderLineOf(item),
    returnable: isReturnable(item),
  }));
  const status = order.shippingStatus;
  return {
    _id: order.id,
    orderNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    shippingStatus: status,
    paymentStatus: order.paymentStatus,
    items: lines,
    subtotal: centsToDollars(order.subtotalCents),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    refunded: centsToDollars(refundedCents),
    shippingAddress: order.shippingAddress,
    carrier: status === 'shipped' || status === 'delivered' ? order.carrier : null,
    trackingNumber: status === 'shipped' || status === 'delivered' ? order.trackingNumber : null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    canceledAt: order.canceledAt?.toISOString() ?? null,
    canCancel: customerMayCancel(order, items, downloaded),
    canReportIssue: status === 'shipped',
    canStartReturn:
      withinReturnWindow(order, now) &&
      lines.some((line) => line.returnable) &&
      !returns.some((request) => request.status !== 'declined'),
    returnRequests: returns.map((request) => ({
      _id: request.id,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
    })),
  };
}

/** GET /orders/orders: the customer's orders, newest first, with their lines and returns. */
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
    db
      .select()
      .from(returnRequests)
      .where(inArray(returnRequests.orderId, ids))
      .orderBy(asc(returnRequests.createdAt)),
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
      money.get(row.id)?.refundedCents,
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
