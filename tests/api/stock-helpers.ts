import { eq, inArray } from 'drizzle-orm';
import { productVariants, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import type { ApiHarness } from '../helpers/api';

const ENAMEL = seedProductId('campfire-enamel-mug');

/** The stock of these SKUs as the database has it (variants, then products without variants). */
export async function stockOf(api: ApiHarness, skus: string[]) {
  const db = api.test.database.db;
  const variants = await db
    .select({ sku: productVariants.sku, quantity: productVariants.quantity })
    .from(productVariants)
    .where(inArray(productVariants.sku, skus));
  const own = await db
    .select({ sku: products.sku, quantity: products.quantity })
    .from(products)
    .where(inArray(products.sku, skus));
  return Object.fromEntries([...variants, ...own].map((row) => [row.sku, row.quantity]));
}

export const enamelSku = async (api: ApiHarness) =>
  (
    await api.test.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, ENAMEL))
  )[0]!.sku;
