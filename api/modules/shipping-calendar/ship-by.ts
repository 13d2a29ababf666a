import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { stateAllowsSql } from '../../db/lifecycle-sql';

/**
 * The orders whose parcel is due (issue 41): still to ship (the lifecycle's `ship`) with a ship-by
 * day of today or before, most overdue first. For the dashboard's counts and the morning digest.
 */
export async function shipDueOrders(db: Db, today: string) {
  const rows = await db
    .select({ id: orders.id, number: orders.number, shipBy: orders.shipBy })
    .from(orders)
    .where(and(stateAllowsSql('ship'), isNotNull(orders.shipBy), lte(orders.shipBy, today)))
    .orderBy(asc(orders.shipBy), asc(orders.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    shipBy: row.shipBy!,
    late: row.shipBy! < today,
  }));
}

/** How many orders to ship must leave today, and how many are late. */
export async function shipDueCounts(db: Db, today: string) {
  const [counts] = await db
    .select({
      today: sql<number>`count(*) filter (where ${eq(orders.shipBy, today)})::int`,
      late: sql<number>`count(*) filter (where ${orders.shipBy} < ${today})::int`,
    })
    .from(orders)
    .where(and(stateAllowsSql('ship'), isNotNull(orders.shipBy), lte(orders.shipBy, today)));
  return { shipToday: Number(counts?.today ?? 0), late: Number(counts?.late ?? 0) };
}
