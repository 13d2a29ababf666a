import { and, asc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, orders, type OrderRow } from '../../../db/schema';
import { nextDay, shopDayOf, shopMidnight } from '../../../../core/shop-calendar';
import { shipByMark } from '../../../../core/admin/ship-by';
import type { OrderListQuery } from '../../../../core/admin/model';
import { ORDER_STATE, PAID_STATES } from '../../../../core/orders/lifecycle';
import { inStates, stateAllowsSql } from '../../../db/lifecycle-sql';
import { moneyByOrder } from '../order-money';

export const ORDERS_PAGE_SIZE = 25;

const statusFilter = (status: OrderListQuery['status']): SQL | undefined => {
  switch (status) {
    case 'all':
      return undefined;
    case 'open':
      // What the shop still has to act on (`toShip`, a refund to retry), plus what is on its way.
      return or(
        stateAllowsSql('ship'),
        inArray(orders.shippingStatus, [ORDER_STATE.shipped, ORDER_STATE.refundFailed]),
      );
    case ORDER_STATE.unfulfilled:
      // To ship (`toShip`): emailed items only are never shipped (delivered when paid).
      return stateAllowsSql('ship');
    default:
      return eq(orders.shippingStatus, status as OrderRow['shippingStatus']);
  }
};

/**
 * GET /admin/orders: paid orders, unfulfilled first, the earliest ship-by day first (issue 41), then
 * oldest first; by number, email, SKU or product title, and by the days they were placed on. Each
 * order still to ship is marked "today" on its ship-by day and "late" after it (`shipMark`).
 */
export async function listOrders(db: Db, query: OrderListQuery, now = new Date()) {
  const conditions: (SQL | undefined)[] = [
    // Orders that were never paid are not the owner's to fulfil (`paid`); pending ones only when
    // asked for (issue 35: the recovery job's stuck orders).
    query.status === ORDER_STATE.pendingPayment
      ? undefined
      : inStates(orders.shippingStatus, PAID_STATES),
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
        // The buyer's first, last or full name, or the recipient's on the parcel (issue 39).
        sql`(${orders.firstname} || ' ' || ${orders.lastname}) ilike ${like}`,
        sql`((${orders.shippingAddress}->>'firstname') || ' ' || (${orders.shippingAddress}->>'lastname')) ilike ${like}`,
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
      // The discount code applied and what it took off (issue 42); null and 0 without one.
      discountCode: orders.discountCode,
      discountCents: orders.discountCents,
      createdAt: orders.createdAt,
      // A pending order's failed recovery tries (issue 35); 0 for every other.
      recoveryAttempts: orders.recoveryAttempts,
      shipBy: orders.shipBy,
      // Whether the lifecycle lets it ship now (`toShip`): the list's bulk ship offers these.
      canShip: sql<boolean>`${stateAllowsSql('ship')}`,
    })
    .from(orders)
    .where(where)
    .orderBy(
      sql`case when ${orders.shippingStatus} = ${ORDER_STATE.unfulfilled} then 0 else 1 end`,
      sql`case when ${orders.shippingStatus} = ${ORDER_STATE.unfulfilled} then ${orders.shipBy} end asc nulls last`,
      asc(orders.createdAt),
    )
    .limit(ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * ORDERS_PAGE_SIZE);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const money = await moneyByOrder(db, rows);
  const today = shopDayOf(now);
  return {
    // Each order's net and payment state, recomputed from its payment and refunds.
    orders: rows.map((row) => {
      const { netCents, state } = money.get(row.id)!;
      const canShip = Boolean(row.canShip);
      return { ...row, canShip, netCents, state, shipMark: shipByMark(row.shipBy, today, canShip) };
    }),
    page: query.page,
    pageSize: ORDERS_PAGE_SIZE,
    total: count?.total ?? 0,
  };
}
