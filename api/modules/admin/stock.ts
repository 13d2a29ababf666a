import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { catalogueChanged } from '../product/invalidate';
import { ADMIN_MESSAGES, type SetStockBody } from '../../../core/admin/model';
import { audit, rowsOf, type Actor } from './deps';

/** At or below this many units a product counts as low on stock (issue 14). */
export const LOW_STOCK = 5;

/**
 * POST /admin/products/stock: sets the units in stock of a variant (or of a product without
 * variants) by SKU, with one audit row, then brings the catalogue read model up to date.
 */
export async function setStock(db: Db, actor: Actor, body: SetStockBody) {
  const result = await db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: productVariants.id, quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.sku, body.sku))
      .for('update');
    if (variant) {
      await tx
        .update(productVariants)
        .set({ quantity: body.quantity })
        .where(eq(productVariants.id, variant.id));
      await audit(tx, actor, {
        action: 'product.stock',
        entity: 'variant',
        entityId: variant.id,
        before: { sku: body.sku, quantity: variant.quantity },
        after: { sku: body.sku, quantity: body.quantity },
      });
      return { sku: body.sku, quantity: body.quantity, change: { skus: [body.sku] } };
    }
    const [product] = await tx
      .select({ id: products.id, quantity: products.quantity })
      .from(products)
      .where(eq(products.sku, body.sku))
      .for('update');
    if (!product) return null;
    await tx.update(products).set({ quantity: body.quantity }).where(eq(products.id, product.id));
    await audit(tx, actor, {
      action: 'product.stock',
      entity: 'product',
      entityId: product.id,
      before: { sku: body.sku, quantity: product.quantity },
      after: { sku: body.sku, quantity: body.quantity },
    });
    return { sku: body.sku, quantity: body.quantity, change: { productIds: [product.id] } };
  });
  if (!result) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.skuNotFound);
  // The catalogue read model reads the product back: its pages and search show the new stock.
  const { change, ...answer } = result;
  await catalogueChanged(db, change);
  return answer;
}

/**
 * GET /admin/products: every product and variant with its stock, sold out and low stock (5 or
 * fewer) first, then by title. A product with variants is listed by its variants.
 */
export async function stockList(db: Db) {
  const rows = rowsOf<{
    product_id: string;
    slug: string;
    title: string;
    variant: string | null;
    sku: string;
    quantity: number | null;
    price_cents: number | null;
  }>(
    await db.execute(sql`
      select p.id as product_id, p.slug, p.title, v.title as variant,
             coalesce(v.sku, p.sku) as sku,
             coalesce(v.quantity, p.quantity) as quantity,
             coalesce(v.price_cents, p.price_cents) as price_cents
      from ${products} p
      left join ${productVariants} v on v.product_id = p.id
      order by case when coalesce(v.quantity, p.quantity) <= ${LOW_STOCK} then 0 else 1 end,
               coalesce(v.quantity, p.quantity) nulls last, p.title, v.position`),
  );
  return {
    items: rows.map((row) => ({
      productId: row.product_id,
      slug: row.slug,
      title: row.title,
      variant: row.variant,
      sku: row.sku,
      quantity: row.quantity === null ? null : Number(row.quantity),
      priceCents: row.price_cents === null ? null : Number(row.price_cents),
    })),
  };
}
