import { eq, inArray, sql } from 'drizzle-orm';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { backupStatus } from '../backup';
import { contactMessages, orderIssueReports, orders, returnRequests } from '../../db/schema';
import { revenueChartSvg } from './chart';
import { articlesNamingMissingProducts } from './dashboard-articles';
import { discountsGiven } from './dashboard-discounts';
import { mostAwaited, lowStockRows } from '../inventory';
import { rowsOf } from '../../db/rows';
import { unread } from './inbox';
import { needsAttentionOrders } from '../orders';
import { ORDER_STATE, REVENUE_STATES } from '../../../core/orders/lifecycle';
import { inStates, stateAllowsSql } from '../../db/lifecycle-sql';
import { SHOP_TIME_ZONE, shopDayOf } from '../../../core/shop-calendar';
import { shipDueCounts } from '../shipping-calendar';

/** Orders to ship due today and late (issue 41), by the shop's day. */
async function shipCounts(db: Db) {
  const { shipToday, late } = await shipDueCounts(db, shopDayOf(new Date()));
  return { shipToday, shipLate: late };
}

/**
 * GET /admin/dashboard: what needs the owner today, and the last 30 days; `backups`, the age of the
 * last good backup and the nightly backup's failure (api/modules/backup/schedule.ts); `mostAwaited`,
 * the sold-out items the most shoppers wait for (issue 27); `lowStock`, every variant and product
 * without variants at or under its low-stock threshold, sold out included (issue 28);
 * `articlesNamingMissingProducts`, the articles' unknown product slugs (issue 38).
 */
export async function dashboard(db: Db, backupsDir = config().backups.dir) {
  const [toShip] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    // Waiting for its parcel (`toShip`): an order of emailed items only never waits.
    .where(stateAllowsSql('ship'));
  const [refundFailed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shippingStatus, ORDER_STATE.refundFailed));
  const unreadRows = rowsOf<{ count: number }>(
    await db.execute(sql`select (
      (select count(*) from ${contactMessages} where ${unread('contact', sql`${contactMessages.id}`)})
      + (select count(*) from ${orderIssueReports} where ${unread('issue', sql`${orderIssueReports.id}`)})
      + (select count(*) from ${returnRequests} where ${unread('return', sql`${returnRequests.id}`)})
    )::int as count`),
  );
  const unreadMessages = { count: Number(unreadRows[0]?.count ?? 0) };
  // Returns the owner has to act on: asked for, or approved and on their way back (issue 39).
  const [returnsWaiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(inArray(returnRequests.status, ['requested', 'approved']));
  // The shop's days (America/Los_Angeles), as every other date of the back office (issue 39).
  const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const days = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           count(o.id)::int as orders,
           coalesce(sum(o.total_cents), 0)::int as revenue_cents
    from generate_series((now() at time zone ${zone})::date - 29,
                         (now() at time zone ${zone})::date, interval '1 day') as d(day)
    left join ${orders} o
      on (o.created_at at time zone ${zone})::date = d.day::date
     and ${inStates(sql`o.shipping_status`, REVENUE_STATES)}
    group by d.day order by d.day`);
  const last30Days = rowsOf<{ day: string; orders: number; revenue_cents: number }>(days).map(
    (row) => ({
      day: row.day,
      orders: Number(row.orders),
      revenueCents: Number(row.revenue_cents),
    }),
  );
  return {
    chartSvg: revenueChartSvg(last30Days),
    toShip: toShip?.count ?? 0,
    ...(await shipCounts(db)),
    refundsFailed: refundFailed?.count ?? 0,
    unreadMessages: unreadMessages?.count ?? 0,
    returnsWaiting: returnsWaiting?.count ?? 0,
    lowStock: await lowStockRows(db),
    mostAwaited: await mostAwaited(db),
    last30Days,
    /** What each discount code gave away in those 30 days (issue 42); revenue is after it. */
    discountCodes: await discountsGiven(db),
    backups: backupStatus(backupsDir),
    /** Pending orders the recovery job could not settle after several tries (issue 35). */
    needsAttention: await needsAttentionOrders(db),
    /** Product slugs articles name that the shop does not serve, with file and line (issue 38). */
    articlesNamingMissingProducts: await articlesNamingMissingProducts(db),
  };
}
