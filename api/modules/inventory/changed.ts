import { asc, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { log } from '../../lib/log';
import { catalogueChanged, type CatalogueChange } from '../catalogue';
import { recordLowStock } from './low-stock';
import { claimRestocked } from '../restock-alerts';

/** What a stock change touched: products (with their variants) by id, variants by SKU. */
export type StockChange = CatalogueChange;

const isEmpty = (change: StockChange) =>
  (change.productIds ?? []).length === 0 && (change.skus ?? []).length === 0;

/**
 * What must follow a stock change inside the transaction that made it, its rows locked: low-stock
 * crossings recorded (issue 28) and back-in-stock requests claimed, their emails queued with the
 * stock (issue 27); `lowered`: the change only took stock (a checkout), nobody can be waiting for
 * it. Only `stockChanged` and the order flow's stock calls run it.
 */
export async function stockChecks(tx: Db, change: StockChange, lowered = false): Promise<void> {
  if (isEmpty(change)) return;
  await recordLowStock(tx, change);
  if (!lowered) await claimRestocked(tx, change);
}

/** Locks the touched rows in checkout's order (products by id, then variants by id). */
async function lockTouched(tx: Db, change: StockChange): Promise<void> {
  const ids = change.productIds ?? [];
  const skus = change.skus ?? [];
  const variantOwners =
    skus.length === 0
      ? []
      : await tx
          .select({ id: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.sku, skus));
  const owners = [...new Set([...ids, ...variantOwners.map((row) => row.id)])];
  if (owners.length > 0) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, owners))
      .orderBy(asc(products.id))
      .for('update');
  }
  const variantScope = [
    ids.length > 0 ? inArray(productVariants.productId, ids) : undefined,
    skus.length > 0 ? inArray(productVariants.sku, skus) : undefined,
  ];
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(or(...variantScope))
    .orderBy(asc(productVariants.id))
    .for('update');
}

/**
 * THE function a stock change goes through once it has committed (issue 35): it records low-stock
 * crossings, claims back-in-stock requests (in one transaction that locks the touched rows as a
 * checkout does, so the two queue instead of deadlocking) and then refreshes the catalogue, so
 * pages and search show the new stock. It never throws: the stock is saved whatever happens here;
 * a claim that failed is made by the housekeeping job's next round.
 */
export async function stockChanged(db: Db, change: StockChange): Promise<void> {
  if (!isEmpty(change)) {
    await db
      .transaction(async (tx) => {
        await lockTouched(tx, change);
        await stockChecks(tx, change);
      })
      .catch((error: unknown) =>
        log('error', 'low-stock or back-in-stock checks failed after a stock change', {
          error: String(error),
        }),
      );
  }
  await catalogueChanged(db, change);
}

/**
 * Changes stock in one transaction (`write` moves it with reserve/release/adjust and returns what
 * it touched), then `stockChanged`: a received return writes through it.
 */
export async function changeStock(
  db: Db,
  write: (tx: Db) => Promise<StockChange>,
): Promise<StockChange> {
  const change = await db.transaction((tx) => write(tx as unknown as Db));
  await stockChanged(db, change);
  return change;
}

/**
 * After the order flow's own stock call has committed (a checkout's `reserveStock`, a close's or
 * the webhook's `releaseStock`, orders/stock.ts): their low-stock record and back-in-stock claims
 * ran inside the order's own transaction, so only the catalogue is left to refresh.
 */
export async function orderStockChanged(db: Db, change: StockChange): Promise<void> {
  await catalogueChanged(db, change);
}

/**
 * Writes to the catalogue in one transaction, then brings the model up to date: `write` returns
 * what it touched. Requests waiting for stock it brought back are claimed, and low-stock crossings
 * recorded (issue 28), in the same transaction.
 *
 * Back-in-stock claims (issue 27) run only inside the transactions that raise stock: this one (a
 * received return), the stock page's save and the product editor (api/modules/inventory/admin, product/admin), and
 * releasing an order's stock (cancel, declined payment: api/modules/orders/stock.ts). Checkout only
 * takes stock, so nothing runs after a change commits; housekeeping claims whatever a crash left.
 */
export async function changeCatalogue(
  db: Db,
  write: (tx: Db) => Promise<CatalogueChange>,
): Promise<CatalogueChange> {
  const change = await db.transaction(async (tx) => {
    const touched = await write(tx as unknown as Db);
    await recordLowStock(tx as unknown as Db, touched);
    await claimRestocked(tx as unknown as Db, touched);
    return touched;
  });
  await catalogueChanged(db, change);
  return change;
}
