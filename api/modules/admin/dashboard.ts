import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { backupStatus } from '../backup/schedule';
import {
  contactMessages,
  orderIssueReports,
  orders,
  productVariants,
  products,
  returnRequests,
} from '../../db/schema';
import { revenueChartSvg } from './chart';
import { mostAwaited } from './demand';
import { rowsOf } from './deps';
import { unread } from './inbox';
import { LOW_STOCK } from './stock';

/**
 * GET /admin/dashboard: what needs the owner today, and the last 30 days; `backups`, the age of the
 * last good backup and the nightly backup's failure (api/modules/backup/schedule.ts); `mostAwaited`,
 * the sold-out items the most shoppers wait for (issue 27).
 */
export async function dashboard(db: Db, backupsDir = config().backups.dir) {
  const [toShip] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shippingStatus, 'unfulfilled'));
  const [refundFailed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shippingStatus, 'refund_failed'));
  const unreadRows = rowsOf<{ count: number }>(
    await db.execute(sql`select (
      (select count(*) from ${contactMessages} where ${unread('contact', sql`${contactMessages.id}`)})
      + (select count(*) from ${orderIssueReports} where ${unread('issue', sql`${orderIssueReports.id}`)})
      + (select count(*) from ${returnRequests} where ${unread('return', sql`${returnRequests.id}`)})
    )::int as count`),
  );
  const unreadMessages = { count: Number(unreadRows[0]?.count ?? 0) };
  const lowStockVariants = await db
    .select({
      productId: products.id,
      slug: products.slug,
      title: products.title,
      variant: productVariants.title,
      sku: productVariants.sku,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.quantity, LOW_STOCK))
    .orderBy(asc(productVariants.quantity), asc(products.title))
    .limit(20);
  const lowStockProducts = await db
    .select({
      productId: products.id,
      slug: products.slug,
      title: products.title,
      variant: sql<string | null>`null`,
      sku: products.sku,
      quantity: sql<number>`${products.quantity}`,
    })
    .from(products)
    .where(
      and(
        lte(products.quantity, LOW_STOCK),
        sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      ),
    )
    .orderBy(asc(products.quantity), asc(products.title))
    .limit(20);
  const days = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           count(o.id)::int as orders,
           coalesce(sum(o.total_cents), 0)::int as revenue_cents
    from generate_series(current_date - 29, current_date, interval '1 day') as d(day)
    left join ${orders} o
      on o.created_at >= d.day and o.created_at < d.day + interval '1 day'
     and o.shipping_status in ('unfulfilled', 'shipped', 'delivered')
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
    refundsFailed: refundFailed?.count ?? 0,
    unreadMessages: unreadMessages?.count ?? 0,
    lowStock: [...lowStockProducts, ...lowStockVariants]
      .sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0))
      .slice(0, 20),
    mostAwaited: await mostAwaited(db),
    last30Days,
    backups: backupStatus(backupsDir),
  };
}
