import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { productVariants, products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { stockChanged } from '../changed';
import { adjust } from '../stock';
import { ADMIN_MESSAGES, type SetStockBody } from '../../../../core/admin/model';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  STOCK_MESSAGES,
  type BulkStockBody,
} from '../../../../core/admin/stock-body';
import { waitingCounts } from './demand';
import { rowsOf } from '../../../db/rows';
import { audit, type Actor } from '../../../lib/audit';
import { syncVariantTotals } from '../variant-totals';

/** A row whose stock is set: a variant, or a product without variants. */
interface Held {
  entity: 'variant' | 'product';
  id: string;
  /** The product the row belongs to (itself for a product). */
  productId: string;
  sku: string;
  quantity: number | null;
  /** Its own low-stock threshold (a variant's is null when it uses its product's). */
  threshold: number | null;
  /** A product with variants: its threshold is the one its variants without their own use. */
  hasVariants: boolean;
}

/**
 * Locks the rows of these SKUs in the order an order's stock reservation locks them (products by
 * id, then variants by id: api/modules/orders/stock.ts), so a save and a checkout never deadlock
 * and two saves of overlapping rows wait for each other. A variant's product is locked too: its
 * total follows its variants.
 */
async function holdRows(tx: Db, skus: string[]): Promise<Map<string, Held>> {
  const wanted = [...new Set(skus)];
  const owners = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select product_id as id from ${productVariants} where sku in ${inList(wanted)}
      union select id from ${products} where sku in ${inList(wanted)}`),
  ).map((row) => row.id);
  const held = new Map<string, Held>();
  if (owners.length === 0) return held;
  const own = await tx
    .select({
      id: products.id,
      sku: products.sku,
      quantity: products.quantity,
      threshold: products.lowStockThreshold,
      hasVariants: sql<boolean>`exists (select 1 from ${productVariants} x where x.product_id = ${products.id})`,
    })
    .from(products)
    .where(inArray(products.id, owners))
    .orderBy(asc(products.id))
    .for('update');
  const variants = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      quantity: productVariants.quantity,
      threshold: productVariants.lowStockThreshold,
    })
    .from(productVariants)
    .where(inArray(productVariants.sku, wanted))
    .orderBy(asc(productVariants.id))
    .for('update');
  for (const { productId, ...row } of variants)
    held.set(row.sku, { entity: 'variant', productId, hasVariants: false, ...row });
  for (const row of own)
    if (wanted.includes(row.sku) && !held.has(row.sku))
      held.set(row.sku, { entity: 'product', productId: row.id, ...row });
  return held;
}

const inList = (values: string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** One saved row: what the answer and the catalogue's change function need. */
interface Saved {
  sku: string;
  entity: Held['entity'];
  id: string;
  productId: string;
  quantity?: number;
  threshold?: number | null;
}

/**
 * Sets the stock and low-stock thresholds (issue 28) of many rows in ONE transaction (issue 25):
 * every SKU must exist, or nothing is written and the refusal names each unknown row
 * (`items.N.sku`). Each row whose quantity or threshold changes gets its audit row (before and
 * after) in the same transaction. Once it has committed, `stockChanged` records low-stock
 * crossings, claims the back-in-stock requests of what came back (issue 27) and refreshes the
 * catalogue, so product pages and search show the new stock at once.
 */
export async function setStockMany(db: Db, actor: Actor, body: BulkStockBody) {
  const saved = await db.transaction(async (tx) => {
    const held = await holdRows(
      tx,
      body.items.map((item) => item.sku),
    );
    refuseUnknownSkus(body, held);
    const changed: Saved[] = [];
    for (const item of body.items) {
      const row = held.get(item.sku)!;
      // A product's threshold is never empty: empty sets the default again.
      const threshold =
        item.threshold === null && row.entity === 'product'
          ? DEFAULT_LOW_STOCK_THRESHOLD
          : item.threshold;
      const set: { quantity?: number; lowStockThreshold?: number | null } = {};
      if (item.quantity !== undefined && row.quantity !== item.quantity)
        set.quantity = item.quantity;
      if (threshold !== undefined && row.threshold !== threshold) set.lowStockThreshold = threshold;
      if (Object.keys(set).length === 0) continue;
      await adjust(tx, row, set);
      const before: Record<string, unknown> = { sku: item.sku };
      const after: Record<string, unknown> = { sku: item.sku };
      if (set.quantity !== undefined) {
        before.quantity = row.quantity;
        after.quantity = set.quantity;
      }
      if (set.lowStockThreshold !== undefined) {
        before.threshold = row.threshold;
        after.threshold = set.lowStockThreshold;
      }
      await audit(tx, actor, {
        action: set.quantity === undefined ? 'product.low-stock-threshold' : 'product.stock',
        entity: row.entity,
        entityId: row.id,
        before,
        after,
      });
      changed.push({
        sku: item.sku,
        entity: row.entity,
        id: row.id,
        productId: row.productId,
        ...(set.quantity === undefined ? {} : { quantity: set.quantity }),
        ...(set.lowStockThreshold === undefined ? {} : { threshold: set.lowStockThreshold }),
      });
    }
    await syncVariantTotals(
      tx,
      changed
        .filter((row) => row.entity === 'variant' && row.quantity !== undefined)
        .map((row) => row.productId),
    );
    return changed;
  });
  const quantities = saved.filter((row) => row.quantity !== undefined);
  const thresholds = saved.filter((row) => row.threshold !== undefined);
  // Low-stock crossings (a product's threshold is its variants' too: they are read with it),
  // back-in-stock claims and the catalogue, once saved (issue 35).
  await stockChanged(db, touchedBy(saved));
  return {
    saved: quantities.map(({ sku, quantity }) => ({ sku, quantity: quantity! })),
    thresholds: thresholds.map(({ sku, threshold }) => ({ sku, threshold: threshold! })),
    message: [
      quantities.length > 0 || thresholds.length === 0
        ? STOCK_MESSAGES.saved(quantities.length)
        : '',
      thresholds.length > 0 ? STOCK_MESSAGES.savedThresholds(thresholds.length) : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** Refuses the whole save, naming each row, when a SKU is no product's or variant's. */
function refuseUnknownSkus(body: BulkStockBody, held: Map<string, unknown>) {
  const unknown: Record<string, string> = {};
  body.items.forEach((item, index) => {
    if (!held.has(item.sku))
      unknown[`items.${index}.sku`] = STOCK_MESSAGES.row(item.sku, STOCK_MESSAGES.unknownSku);
  });
  const names = Object.values(unknown);
  if (names.length > 0)
    throw new AppError('INVALID_DATA', `${names.join(' ')} ${STOCK_MESSAGES.nothingSaved}`, {
      ...unknown,
    });
}

/** The catalogue change of saved rows whose stock moved: variants by SKU, products by id. */
const touchedBy = (rows: Saved[]) => ({
  skus: rows.filter((row) => row.entity === 'variant').map((row) => row.sku),
  productIds: rows.filter((row) => row.entity === 'product').map((row) => row.id),
});

/**
 * POST /admin/products/stock: sets the units in stock of one variant (or of a product without
 * variants) by SKU: the one-row case of `setStockMany`, answering the SKU's new stock.
 */
export async function setStock(db: Db, actor: Actor, body: SetStockBody) {
  try {
    await setStockMany(db, actor, { items: [body] });
  } catch (error) {
    if (error instanceof AppError && error.fields?.['items.0.sku'])
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.skuNotFound);
    throw error;
  }
  return { sku: body.sku, quantity: body.quantity };
}

/**
 * GET /admin/products: every product and variant with its stock, thumbnail, categories and status,
 * sold out and low stock (at or under the row's threshold, issue 28) first, then by title.
 * `threshold` is the row's threshold in force, `ownThreshold` a variant's own (null: its product's),
 * `productThreshold` and `productSku` its product's, which the page sets for all its variants. A product with variants is listed by
 * its variants; the stock page groups the rows by product. `waiting` counts the shoppers waiting for
 * the row's item, `productWaiting` those waiting for anything of its product (issue 27).
 */
export async function stockList(db: Db) {
  const rows = rowsOf<{
    product_id: string;
    slug: string;
    title: string;
    status: string;
    image: string | null;
    categories: string[] | null;
    variant: string | null;
    sku: string;
    quantity: number | null;
    price_cents: number | null;
    waiting: number | null;
    product_waiting: number | null;
    product_sku: string;
    product_threshold: number;
    own_threshold: number | null;
  }>(
    await db.execute(sql`
      with w as (${waitingCounts})
      select p.id as product_id, p.slug, p.title, p.status,
             coalesce(v.images[1], p.images[1]) as image,
             (select array_agg(distinct c.category order by c.category)
                from product_categorizations c where c.product_id = p.id) as categories,
             v.title as variant,
             coalesce(v.sku, p.sku) as sku,
             coalesce(v.quantity, p.quantity) as quantity,
             coalesce(v.price_cents, p.price_cents) as price_cents,
             row_waiting.waiting, product_waiting.waiting as product_waiting,
             p.sku as product_sku, p.low_stock_threshold as product_threshold,
             v.low_stock_threshold as own_threshold
      from ${products} p
      left join ${productVariants} v on v.product_id = p.id
      left join w row_waiting
        on row_waiting.product_id = p.id and row_waiting.sku = coalesce(v.sku, '')
      left join w product_waiting
        on product_waiting.product_id = p.id and product_waiting.sku is null
      order by case when coalesce(v.quantity, p.quantity)
                         <= coalesce(v.low_stock_threshold, p.low_stock_threshold) then 0 else 1 end,
               coalesce(v.quantity, p.quantity) nulls last, p.title, v.position`),
  );
  return {
    defaultThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    items: rows.map((row) => ({
      productId: row.product_id,
      slug: row.slug,
      title: row.title,
      status: row.status,
      image: row.image,
      categories: row.categories ?? [],
      variant: row.variant,
      sku: row.sku,
      quantity: row.quantity === null ? null : Number(row.quantity),
      priceCents: row.price_cents === null ? null : Number(row.price_cents),
      waiting: Number(row.waiting ?? 0),
      productWaiting: Number(row.product_waiting ?? 0),
      productSku: row.product_sku,
      productThreshold: Number(row.product_threshold),
      ownThreshold: row.own_threshold === null ? null : Number(row.own_threshold),
      threshold: Number(row.own_threshold ?? row.product_threshold),
    })),
  };
}
