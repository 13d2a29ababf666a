import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants, restockRequests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { enqueueMail, notifyMailQueued, shopDetails, type ShopDetails } from '../mail';
import { hasStockLimit } from '../../../core/product/kind';
import type { RestockConfirmation, RestockRequestBody } from '../../../core/restock/model';
import { RESTOCK_TEXT } from '../../../core/restock/texts';
import { backInStockEmail, restockRequestedEmail } from './emails';
import { confirmUrl, readConfirmToken, stopUrl, type RestockItem } from './link';

/** What a stock change touched (as `CatalogueChange` names it). */
export interface StockTouched {
  productIds?: string[] | undefined;
  skus?: string[] | undefined;
}

const productUrl = (shop: ShopDetails, productId: string) =>
  `${shop.siteUrl}/productdetailpage/${productId}`;

const itemName = (title: string, option: string | null) =>
  option ? `${title} (${option})` : title;

/**
 * POST /restock-alerts: a shopper waits for a sold-out item. The stock row is read FOR SHARE, so a
 * restock either commits before (the item is in stock: refused) or waits until this request is
 * written. The new request waits unconfirmed: its address gets one email with a confirmation link
 * and nothing more until it is opened (issue 36). A second request for the same address and item
 * changes nothing, sends nothing and answers the same, so the answer never tells who is waiting.
 */
export async function requestRestock(
  db: Db,
  body: RestockRequestBody,
  shop: ShopDetails = shopDetails(),
): Promise<void> {
  const sku = body.sku ?? '';
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        id: products.id,
        title: products.title,
        kind: products.kind,
        quantity: products.quantity,
        hasVariants: products.hasVariants,
        isBundle: products.isBundle,
      })
      .from(products)
      .where(eq(products.id, body.productId))
      .for('share');
    if (!product) throw new AppError('NOT_FOUND', RESTOCK_TEXT.notOffered);
    // A download or a gift card never runs out: there is nothing to wait for.
    if (!hasStockLimit(product)) throw new AppError('INVALID_DATA', RESTOCK_TEXT.notOffered);
    let option: string | null = null;
    let inStock = product.quantity === null || product.quantity > 0;
    if (sku) {
      const [variant] = await tx
        .select({ title: productVariants.title, quantity: productVariants.quantity })
        .from(productVariants)
        .where(and(eq(productVariants.sku, sku), eq(productVariants.productId, product.id)))
        .for('share');
      if (!variant) throw new AppError('NOT_FOUND', RESTOCK_TEXT.notOffered);
      option = variant.title;
      inStock &&= variant.quantity > 0;
    } else if (product.hasVariants || product.isBundle) {
      // A product with variants is waited for by the variant (or the sold-out product itself).
      if (inStock) throw new AppError('INVALID_DATA', RESTOCK_TEXT.notOffered);
    }
    if (inStock) throw new AppError('CONFLICT', RESTOCK_TEXT.inStock);
    const inserted = await tx
      .insert(restockRequests)
      .values({ email: body.email, productId: product.id, sku })
      .onConflictDoNothing()
      .returning({ id: restockRequests.id });
    if (inserted.length === 0) return;
    const item: RestockItem = { email: body.email, productId: product.id, sku };
    const mail = await restockRequestedEmail(
      {
        item: itemName(product.title, option),
        productUrl: productUrl(shop, product.id),
        stopUrl: stopUrl(shop.siteUrl, item),
        confirmUrl: confirmUrl(shop.siteUrl, item),
      },
      shop,
    );
    await enqueueMail(tx, { kind: 'restock.requested', to: body.email, ...mail });
  });
  notifyMailQueued();
}

interface Claimed {
  email: string;
  product_id: string;
  sku: string;
  title: string;
  option: string | null;
}

/**
 * Everyone waiting (confirmed) for an item that is in stock now gets one email, and their request is removed:
 * the requests are claimed with DELETE … RETURNING and their emails queued in the same
 * transaction, so when two processes (or two paths) run this for one restock, PostgreSQL hands
 * each row to one of them only. Run inside every transaction that raises stock (`db` is then that
 * transaction): the stock page's save, the product editor, releasing an order's stock (cancel,
 * declined payment, a received return) and `changeCatalogue`; housekeeping runs it again for what
 * a crash left: running it again finds nothing. `touched` limits it to what a change touched; absent, all.
 */
export async function claimRestocked(
  db: Db,
  touched?: StockTouched,
  // Read only when someone is mailed: the seed and the build's database image claim nothing and
  // must not need the shop's settings (JWT_SECRET is required in production).
  given?: ShopDetails,
): Promise<number> {
  const ids = (touched?.productIds ?? []).map((id) => id.toLowerCase());
  const skus = touched?.skus ?? [];
  if (touched && ids.length === 0 && skus.length === 0) return 0;
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const byProduct = ids.length > 0 ? sql`r.product_id::text in (${list(ids)})` : sql`false`;
  const bySku = skus.length > 0 ? sql`(r.sku <> '' and r.sku in (${list(skus)}))` : sql`false`;
  const scope = touched ? sql`and (${byProduct} or ${bySku})` : sql``;
  const result = await db.execute<Claimed & Record<string, unknown>>(sql`
    delete from restock_requests r
    using products p
    where p.id = r.product_id
      and r.confirmed_at is not null
      and (p.quantity is null or p.quantity > 0)
      and (r.sku = '' or exists (
        select 1 from product_variants s
        where s.sku = r.sku and s.product_id = r.product_id and s.quantity > 0))
      ${scope}
    returning r.email, r.product_id, r.sku, p.title,
      (select s.title from product_variants s where s.sku = r.sku and r.sku <> '') as option`);
  const claimed = rowsOf<Claimed>(result);
  const shop = claimed.length > 0 ? (given ?? shopDetails()) : undefined;
  for (const row of claimed) {
    if (!shop) break;
    const item: RestockItem = { email: row.email, productId: row.product_id, sku: row.sku };
    const mail = await backInStockEmail(
      {
        item: itemName(row.title, row.option),
        productUrl: productUrl(shop, row.product_id),
        stopUrl: stopUrl(shop.siteUrl, item),
      },
      shop,
    );
    await enqueueMail(db, { kind: 'restock.back', to: row.email, ...mail });
  }
  if (claimed.length > 0) {
    log('info', 'back-in-stock emails queued', { count: claimed.length });
    // Delivered once the claiming transaction commits (the worker finds nothing before).
    notifyMailQueued();
  }
  return claimed.length;
}

const sameItem = (item: RestockItem) =>
  and(
    eq(restockRequests.email, item.email),
    eq(restockRequests.productId, item.productId),
    eq(restockRequests.sku, item.sku),
  );

/** The signed "stop waiting" link: removes that one request, if it is still there. */
export async function stopWaiting(db: Db, item: RestockItem): Promise<void> {
  await db.delete(restockRequests).where(sameItem(item));
}

/**
 * The confirmation link's button (issue 36, a POST: opening the link confirms nothing): the
 * request now waits for real. When the item came back
 * while it was unconfirmed, its email is queued at once. 'gone' when the request was stopped,
 * expired or already emailed.
 */
export async function confirmWaiting(db: Db, item: RestockItem): Promise<'confirmed' | 'gone'> {
  const found = await db.transaction(async (tx) => {
    const rows = await tx
      .update(restockRequests)
      .set({ confirmedAt: sql`coalesce(${restockRequests.confirmedAt}, now())` })
      .where(sameItem(item))
      .returning({ id: restockRequests.id });
    if (rows.length > 0)
      await claimRestocked(tx as unknown as Db, { productIds: [item.productId] });
    return rows.length > 0;
  });
  return found ? 'confirmed' : 'gone';
}

/**
 * What a confirmation link names, read only (its page, issue 36): the address and the item, and
 * whether the request is waiting for its confirmation, already confirmed, or gone.
 */
export async function describeConfirmation(db: Db, token: string): Promise<RestockConfirmation> {
  const item = readConfirmToken(token);
  if (!item) return { state: 'invalid' };
  const [row] = await db
    .select({
      confirmedAt: restockRequests.confirmedAt,
      title: products.title,
      option: productVariants.title,
    })
    .from(restockRequests)
    .innerJoin(products, eq(products.id, restockRequests.productId))
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.sku, restockRequests.sku),
        eq(productVariants.productId, restockRequests.productId),
      ),
    )
    .where(sameItem(item));
  if (!row) return { state: 'gone' };
  return {
    state: row.confirmedAt ? 'confirmed' : 'waiting',
    email: item.email,
    item: itemName(row.title, row.option),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
