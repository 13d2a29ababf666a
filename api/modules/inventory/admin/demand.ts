import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { productVariants, products, restockRequests } from '../../../db/schema';
import { rowsOf } from '../../../db/rows';

/**
 * How many shoppers wait for each item (issue 27 point 5), in one grouped query: a row per
 * product and sku ('' for the product itself), and a row per product (`sku` null) counting each
 * shopper once however many of its options they wait for. Counts only: no address leaves it, and
 * only confirmed requests count (issue 36): an address typed in by a stranger is not demand.
 */
export const waitingCounts = sql`
  select ${restockRequests.productId} as product_id, ${restockRequests.sku} as sku,
         count(distinct ${restockRequests.email})::int as waiting
  from ${restockRequests}
  where ${restockRequests.confirmedAt} is not null
  group by grouping sets ((${restockRequests.productId}, ${restockRequests.sku}), (${restockRequests.productId}))`;

/** How many most-awaited items the dashboard lists. */
export const MOST_AWAITED = 10;

/**
 * The sold-out items the most (confirmed) shoppers wait for, most first: the product, the option's label
 * (null for the product itself), the SKU of its stock row, and the count.
 */
export async function mostAwaited(db: Db) {
  const rows = rowsOf<{
    product_id: string;
    title: string;
    variant: string | null;
    sku: string;
    waiting: number;
  }>(
    await db.execute(sql`
      select r.product_id, p.title, v.title as variant,
             coalesce(v.sku, p.sku) as sku, count(*)::int as waiting
      from ${restockRequests} r
      join ${products} p on p.id = r.product_id
      left join ${productVariants} v
        on r.sku <> '' and v.sku = r.sku and v.product_id = r.product_id
      where r.confirmed_at is not null
        and (r.sku = '' or v.sku is not null) and (p.quantity = 0 or v.quantity = 0)
      group by r.product_id, r.sku, p.title, p.sku, v.title, v.sku
      order by waiting desc, p.title, v.title nulls first
      limit ${MOST_AWAITED}`),
  );
  return rows.map((row) => ({
    productId: row.product_id,
    title: row.title,
    variant: row.variant,
    sku: row.sku,
    waiting: Number(row.waiting),
  }));
}
