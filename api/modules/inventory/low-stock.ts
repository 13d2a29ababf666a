import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { log } from '../../lib/log';
import { enqueueMail, notifyMailQueued, shopDetails, type ShopDetails } from '../mail';
import { lowStockDigestEmail, type LowStockLine, type ShipDueLine } from './low-stock-email';
import { shopDayAndHour } from '../../../core/shop-calendar';

/** What a stock change touched: products (and their variants) by id, variants by SKU. */
export interface StockScope {
  productIds?: string[] | undefined;
  skus?: string[] | undefined;
}

/** The digest goes out at the first jobs round at or after this hour of the shop's day. */
export const DIGEST_HOUR = 7;

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A stocked row is low at or under its threshold (a variant without its own uses its product's). */
const variantLow = sql`v.quantity <= coalesce(v.low_stock_threshold, p.low_stock_threshold)`;
const productLow = sql`coalesce(p.quantity <= p.low_stock_threshold, false)`;
const noVariants = sql`not exists (select 1 from product_variants x where x.product_id = p.id)`;

/**
 * Records low-stock crossings (issue 28) for the rows a stock change touched: a row that went from
 * above its threshold to at/under it gets `low_stock_since` (and is not reported yet); a row back
 * above loses it. Run inside the transaction that changed the stock or the threshold, after the
 * change, with its rows already locked (every stock path locks the products first): checkout
 * (reserveStock), a release (cancel, declined payment), the stock page's save, the product editor
 * and a received return (changeCatalogue). Only rows whose state changes are written.
 */
export async function recordLowStock(tx: Db, touched: StockScope, now = new Date()): Promise<void> {
  const ids = (touched.productIds ?? []).map((id) => id.toLowerCase());
  const skus = touched.skus ?? [];
  if (ids.length === 0 && skus.length === 0) return;
  const variantScope: SQL[] = [];
  if (ids.length > 0) variantScope.push(sql`v.product_id::text in (${list(ids)})`);
  if (skus.length > 0) variantScope.push(sql`v.sku in (${list(skus)})`);
  await tx.execute(sql`
    update product_variants v
    set low_stock_since = case when ${variantLow} then ${now.toISOString()}::timestamptz end,
        low_stock_reported = false
    from products p
    where p.id = v.product_id and (${sql.join(variantScope, sql` or `)})
      and (${variantLow}) <> (v.low_stock_since is not null)`);
  if (ids.length > 0)
    await tx.execute(sql`
      update products p
      set low_stock_since = case when ${productLow} then ${now.toISOString()}::timestamptz end,
          low_stock_reported = false
      where p.id::text in (${list(ids)}) and ${noVariants}
        and (${productLow}) <> (p.low_stock_since is not null)`);
}

/**
 * Marks every row at or under its threshold without a recorded crossing as low and already
 * reported: a catalogue that starts low (the seed, the migration's backfill) is not a crossing, so
 * the first digest does not list it. Rows that are low stay on the dashboard.
 */
export async function markLowStockKnown(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`
    update product_variants v
    set low_stock_since = ${now.toISOString()}::timestamptz, low_stock_reported = true
    from products p
    where p.id = v.product_id and v.low_stock_since is null and ${variantLow}`);
  await db.execute(sql`
    update products p
    set low_stock_since = ${now.toISOString()}::timestamptz, low_stock_reported = true
    where p.low_stock_since is null and ${productLow} and ${noVariants}`);
}

/** One row at or under its threshold, as the dashboard lists it. */
export interface LowStockRow {
  productId: string;
  slug: string;
  title: string;
  variant: string | null;
  sku: string;
  quantity: number;
  threshold: number;
}

/**
 * Every variant and every product without variants at or under its threshold, sold out included
 * (a threshold is never below 0): sold out first, then the fewest units, then by title.
 */
export async function lowStockRows(db: Db): Promise<LowStockRow[]> {
  const result = await db.execute(sql`
    select p.id as product_id, p.slug, p.title, v.title as variant,
           coalesce(v.sku, p.sku) as sku,
           coalesce(v.quantity, p.quantity) as quantity,
           coalesce(v.low_stock_threshold, p.low_stock_threshold) as threshold
    from products p
    left join product_variants v on v.product_id = p.id
    where case when v.id is null then ${productLow} else ${variantLow} end
    order by coalesce(v.quantity, p.quantity), p.title, v.position`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    productId: String(row.product_id),
    slug: String(row.slug),
    title: String(row.title),
    variant: row.variant === null ? null : String(row.variant),
    sku: String(row.sku),
    quantity: Number(row.quantity),
    threshold: Number(row.threshold),
  }));
}

export type DigestOutcome =
  | { sent: true; day: string; items: LowStockLine[]; toShip: ShipDueLine[] }
  | { sent: false; day: string; reason: 'early' | 'already-sent' | 'nothing-crossed' };

/**
 * The orders to ship by `day` or late (shipping-calendar's shipDueOrders, passed by the jobs: the
 * stock module does not reach the orders' calendar itself).
 */
export type ShipDueOf = (db: Db, day: string) => Promise<ShipDueLine[]>;

/** Thrown to roll the day's claim back when nothing crossed: a later round may still send. */
class NothingCrossed extends Error {}

/**
 * The daily low-stock digest (issue 28): one email to SHOP_EMAIL listing what crossed its
 * threshold since the last digest and is still at/under it, and the orders that must ship today
 * or are late (issue 41); none when there is neither. Once the shop's
 * day reaches DIGEST_HOUR, one transaction claims the day (a `low_stock_digests` row, primary key
 * the day: a second runner, in this process or another, waits for the first and then finds the
 * row), locks and marks the crossed rows reported and queues the email, so a day's digest is sent
 * once and never re-reports a row. When nothing crossed the claim is rolled back, so a crossing
 * later that day still goes out that day. `now` is injected (tests); the jobs pass the clock.
 */
export async function runLowStockDigest(
  db: Db,
  now: Date = new Date(),
  given?: ShopDetails,
  shipDue: ShipDueOf = async () => [],
): Promise<DigestOutcome> {
  const { day, hour } = shopDayAndHour(now);
  if (hour < DIGEST_HOUR) return { sent: false, day, reason: 'early' };
  try {
    const outcome = await db.transaction(async (tx): Promise<DigestOutcome> => {
      const claimed = rowsOf(
        await tx.execute(sql`
          insert into low_stock_digests (day, sent_at, items)
          values (${day}, ${now.toISOString()}::timestamptz, '[]'::jsonb)
          on conflict (day) do nothing
          returning day`),
      );
      if (claimed.length === 0) return { sent: false, day, reason: 'already-sent' };
      const items = await takeCrossed(tx as unknown as Db);
      // And the orders whose parcel must leave today or is late (issue 41).
      const toShip = await shipDue(tx as unknown as Db, day);
      if (items.length === 0 && toShip.length === 0) throw new NothingCrossed();
      await tx.execute(sql`
        update low_stock_digests
        set items = ${JSON.stringify(items.map(({ sku, quantity, threshold }) => ({ sku, quantity, threshold })))}::jsonb
        where day = ${day}`);
      const shop = given ?? shopDetails();
      const mail = await lowStockDigestEmail(items, shop, toShip);
      await enqueueMail(tx as unknown as Db, {
        kind: 'stock.low-digest',
        to: shop.shopEmail,
        ...mail,
      });
      return { sent: true, day, items, toShip };
    });
    if (outcome.sent) {
      const counts = { items: outcome.items.length, toShip: outcome.toShip.length };
      log('info', 'low-stock digest queued', { day, ...counts });
      notifyMailQueued();
    }
    return outcome;
  } catch (error) {
    if (error instanceof NothingCrossed) return { sent: false, day, reason: 'nothing-crossed' };
    throw error;
  }
}

/**
 * The rows that crossed since the last digest, locked (products, then variants, each by id: the
 * order checkout locks them in) and marked reported.
 */
async function takeCrossed(tx: Db): Promise<LowStockLine[]> {
  const own = rowsOf<{
    id: string;
    sku: string;
    title: string;
    quantity: number;
    threshold: number;
  }>(
    await tx.execute(sql`
      select p.id, p.sku, p.title, p.quantity, p.low_stock_threshold as threshold
      from products p
      where p.low_stock_since is not null and not p.low_stock_reported and ${noVariants}
      order by p.id for update of p`),
  );
  const variants = rowsOf<{
    id: string;
    sku: string;
    title: string;
    variant: string;
    quantity: number;
    threshold: number;
  }>(
    await tx.execute(sql`
      select v.id, v.sku, p.title, v.title as variant, v.quantity,
             coalesce(v.low_stock_threshold, p.low_stock_threshold) as threshold
      from product_variants v join products p on p.id = v.product_id
      where v.low_stock_since is not null and not v.low_stock_reported
      order by v.id for update of v`),
  );
  if (own.length > 0)
    await tx.execute(sql`update products set low_stock_reported = true
      where id::text in (${list(own.map((row) => String(row.id)))})`);
  if (variants.length > 0)
    await tx.execute(sql`update product_variants set low_stock_reported = true
      where id::text in (${list(variants.map((row) => String(row.id)))})`);
  return [
    ...own.map((row) => ({
      sku: row.sku,
      item: row.title,
      quantity: Number(row.quantity),
      threshold: Number(row.threshold),
    })),
    ...variants.map((row) => ({
      sku: row.sku,
      item: `${row.title} (${row.variant})`,
      quantity: Number(row.quantity),
      threshold: Number(row.threshold),
    })),
  ].sort((a, b) => a.quantity - b.quantity || a.item.localeCompare(b.item, 'en-US'));
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
