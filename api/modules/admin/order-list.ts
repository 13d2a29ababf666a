import { and, asc, eq, exists, gte, ilike, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, VISIBLE_ORDER_STATUSES, type OrderRow } from '../../db/schema';
import { nextDay, shopMidnight } from '../../../core/shop-calendar';
import type { OrderListQuery } from '../../../core/admin/model';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { hasNothingToShip } from '../orders/digital-delivery';
import { moneyByOrder } from '../orders/order-money';

export const ORDERS_PAGE_SIZE = 25;

const statusFilter = (status: OrderListQuery['status']): SQL | undefined => {
  switch (status) {
    case 'all':
      return undefined;
    case 'open':
      // What the shop still has to act on, plus what is on its way.
      return and(
        inArray(orders.shippingStatus, ['unfulfilled', 'shipped', 'refund_failed']),
        or(not(eq(orders.shippingStatus, 'unfulfilled')), not(hasNothingToShip)),
      );
    case 'unfulfilled':
      // To ship: digital items only are never shipped (delivered when paid, even a late payment).
      return and(eq(orders.shippingStatus, 'unfulfilled'), not(hasNothingToShip));
    default:
      return eq(orders.shippingStatus, status as OrderRow['shippingStatus']);
  }
};

/**
 * GET /admin/orders: paid orders, unfulfilled first, oldest first; by number, email, SKU or product
 * title, and by the days they were placed on.
 */
export async function listOrders(db: Db, query: OrderListQuery) {
  const conditions: (SQL | undefined)[] = [
    // Orders that were never paid are not the owner's to fulfil; pending ones only when asked for.
    query.status === ORDER_STATE.pendingPayment
      ? undefined
      : inArray(orders.shippingStatus, [...VISIBLE_ORDER_STATUSES, 'canceling', 'refund_failed']),
    statusFilter(query.status),
  ];
  const q = query.q?.trim();
  if (q) {
    const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
    const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        number !== undefined ? eq(orders.number, number) : undefined,
        ilike(orders.email, like),
        // Part of a line's SKU or of its product's title (issue 28).
        exists(
          sql`(select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and (${orderItems.sku} ilike ${like} or ${orderItems.title} ilike ${like}))`,
        ),
      ),
    );
  }
  // Placed within these shop days (America/Los_Angeles), both included.
  if (query.from) conditions.push(gte(orders.createdAt, shopMidnight(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, shopMidnight(nextDay(query.to))));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      firstname: orders.firstname,
      lastname: orders.lastname,
      status: orders.shippingStatus,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      // A pending order's failed recovery tries (issue 35); 0 for every other.
      recoveryAttempts: orders.recoveryAttempts,
    })
    .from(orders)
    .where(where)
    .orderBy(
      sql`case when ${orders.shippingStatus} = 'unfulfilled' then 0 else 1 end`,
      asc(orders.createdAt),
    )
    .limit(ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * ORDERS_PAGE_SIZE);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const money = await moneyByOrder(db, rows);
  return {
    // Each order's net and payment state, recomputed from its payment and refunds.
    orders: rows.map((row) => {
      const { netCents, state } = money.get(row.id)!;
      return { ...row, netCents, state };
    }),
    page: query.page,
    pageSize: ORDERS_PAGE_SIZE,
    total: count?.total ?? 0,
  };
}
