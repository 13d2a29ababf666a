import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants, products } from '../../db/schema';

/**
 * A product with plain variants holds their total as its own stock (the demo catalogue's rule,
 * which checkout and the product page read as a cap): brought back to the sum after its variants'
 * stock changed. Bundles keep their own figure.
 */
export async function syncVariantTotals(tx: Db, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({
      quantity: sql`coalesce((select sum(v.quantity)::int from ${productVariants} v
        where v.product_id = ${products.id} and v.option_group is null), 0)`,
    })
    .where(
      and(inArray(products.id, ids), eq(products.hasVariants, true), eq(products.isBundle, false)),
    );
}
