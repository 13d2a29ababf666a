/**
 * Loads the demo catalogue (api/db/seed) through the modules' change functions. It sits above
 * api/modules, as the server does, so api/db imports no module.
 */
import { count, inArray } from 'drizzle-orm';
import { catalogueChanged } from '../modules/catalogue';
import { markLowStockKnown } from '../modules/inventory';
import { isCategoryName } from '../../core/catalogue/category-name';
import type { Db } from '../db/client';
import { categoryOrders, productCategorizations, products, productVariants } from '../db/schema';
import {
  categoryOrders as seedCategoryOrders,
  products as seedProducts,
} from '../db/seed/catalogue';
import { seedProductId } from '../db/seed';
import type { SeedProduct, SeedVariant } from '../db/seed/types';
import { DEFAULT_TAX_CLASS } from '../../core/product/kind';

function variantRows(product: SeedProduct, productId: string) {
  const plain = (product.variants ?? []).map((variant, position) =>
    variantRow(variant, productId, position, null, null),
  );
  const bundle = (product.bundleOptions ?? []).flatMap((group, groupIndex) =>
    group.options.map((variant, position) =>
      variantRow(variant, productId, position, groupIndex, group.title),
    ),
  );
  return [...plain, ...bundle];
}

function variantRow(
  variant: SeedVariant,
  productId: string,
  position: number,
  optionGroup: number | null,
  groupTitle: string | null,
) {
  return {
    productId,
    optionGroup,
    groupTitle,
    position,
    sku: variant.sku,
    title: variant.title,
    priceCents: variant.priceCents,
    quantity: variant.quantity,
    attributes: variant.attributes,
    images: variant.images,
    type: variant.type,
  };
}

function productRow(product: SeedProduct) {
  const isBundle = (product.bundleOptions?.length ?? 0) > 0;
  return {
    id: seedProductId(product.slug),
    slug: product.slug,
    title: product.title,
    description: product.description,
    priceCents: product.priceCents ?? null,
    sku: product.sku,
    quantity: product.quantity ?? null,
    supplier: product.supplier ?? 'warehouse',
    category: product.category,
    kind: product.kind ?? 'goods',
    taxClass: DEFAULT_TAX_CLASS[product.kind ?? 'goods'],
    images: product.images,
    alttext: product.alttext,
    details: product.details,
    sizeChart: product.sizeChart ?? null,
    personalization: product.personalization ?? null,
    hasVariants: isBundle || (product.variants?.length ?? 0) > 0,
    isBundle,
    isFeatured: product.isFeatured ?? false,
    thumbsUp: product.ratings?.thumbsUp ?? 0,
    thumbsDown: product.ratings?.thumbsDown ?? 0,
    priority: product.priority ?? null,
    updatedAt: new Date(),
  };
}

/**
 * The catalogue's names follow the rule the product editor saves with, so every seeded product can
 * be edited and saved as it is (issue 25).
 */
function assertCategoryNames(catalogue: SeedProduct[]) {
  const names = [
    ...catalogue.flatMap((product) =>
      product.categorizations.flatMap((entry) =>
        entry.subcategory === undefined ? [entry.category] : [entry.category, entry.subcategory],
      ),
    ),
    ...seedCategoryOrders.flatMap((entry) => [entry.category, entry.subcategory]),
  ];
  const refused = [...new Set(names.filter((name) => !isCategoryName(name)))];
  if (refused.length > 0) {
    throw new Error(`Category names the product editor cannot save: ${JSON.stringify(refused)}`);
  }
}

/**
 * Loads the demo catalogue. Idempotent: products are matched by slug and brought back to the
 * catalogue's values, their variants and categorizations replaced, category orders upserted.
 */
export async function seedCatalogue(db: Db, catalogue: SeedProduct[] = seedProducts) {
  assertCategoryNames(catalogue);
  await db.transaction(async (tx) => {
    const rows = catalogue.map(productRow);
    for (const row of rows) {
      const { id: _id, slug: _slug, ...changes } = row;
      await tx.insert(products).values(row).onConflictDoUpdate({
        target: products.slug,
        set: changes,
      });
    }
    const ids = rows.map((row) => row.id);
    await tx.delete(productVariants).where(inArray(productVariants.productId, ids));
    await tx.delete(productCategorizations).where(inArray(productCategorizations.productId, ids));

    const variants = catalogue.flatMap((product) =>
      variantRows(product, seedProductId(product.slug)),
    );
    if (variants.length > 0) await tx.insert(productVariants).values(variants);

    const categorizations = catalogue.flatMap((product) =>
      product.categorizations.map((entry) => ({
        productId: seedProductId(product.slug),
        category: entry.category,
        subcategory: entry.subcategory ?? null,
      })),
    );
    if (categorizations.length > 0) {
      await tx.insert(productCategorizations).values(categorizations);
    }

    // Rows the catalogue starts low are known, not crossings for the first digest (issue 28).
    await markLowStockKnown(tx as unknown as Db);
    for (const entry of seedCategoryOrders) {
      await tx
        .insert(categoryOrders)
        .values(entry)
        .onConflictDoUpdate({
          target: [categoryOrders.category, categoryOrders.subcategory],
          set: { order: entry.order },
        });
    }
  });
  // Through the one change function, so a loaded catalogue model shows the products at once.
  await catalogueChanged(db, {
    productIds: catalogue.map((product) => seedProductId(product.slug)),
    categoryOrders: true,
  });
  return { products: catalogue.length };
}

/** Seeds the demo catalogue on the first start of an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(products);
  if ((row?.total ?? 0) > 0) return false;
  await seedCatalogue(db);
  return true;
}
