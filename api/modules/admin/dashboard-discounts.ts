import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { inStates } from '../../db/lifecycle-sql';
import { REVENUE_STATES } from '../../../core/orders/lifecycle';
import { SHOP_TIME_ZONE } from '../../../core/shop-calendar';

/** What one discount code took off the period's sales (issue 42). */
export interface CodeGiven {
  code: string;
  orders: number;
  amountCents: number;
}

/**
 * What each discount code gave away over the dashboard's last `days` shop days: the orders that
 * used it and stand as sales (REVENUE_STATES, as the revenue chart beside it, whose totals are
 * already after the discount), and what it took off them; the most given first. A code is named as
 * the order applied it, grouped without regard to case.
 */
export async function discountsGiven(db: Db, days = 30): Promise<CodeGiven[]> {
  const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const result = await db.execute(sql`
    select max(${orders.discountCode}) as code, count(*)::int as orders,
           coalesce(sum(${orders.discountCents}), 0)::int as amount_cents
    from ${orders}
    where ${orders.discountCode} is not null and ${orders.discountCents} > 0
      and ${inStates(orders.shippingStatus, REVENUE_STATES)}
      and (${orders.createdAt} at time zone ${zone})::date
          >= (now() at time zone ${zone})::date - ${days - 1}::int
    group by upper(${orders.discountCode})
    order by amount_cents desc, code`);
  return rowsOf<{ code: string; orders: number; amount_cents: number }>(result).map((row) => ({
    code: row.code,
    orders: Number(row.orders),
    amountCents: Number(row.amount_cents),
  }));
}
