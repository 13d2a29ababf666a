import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { productVariants, products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { PRODUCT_MESSAGES, type VariantInput } from '../../../../core/admin/product-body';
import { saleColumns } from '../../../../core/admin/sale-body';
import { isUploadedImagePath, uploadsFolder } from './uploads';

/**
 * The editor's writes beyond the product row (issue 25): its images, SKUs and plain variants,
 * each refusal under the field it concerns.
 */

/** A product's plain variants as the editor shows them. */
export const editableVariants = (db: Db, productId: string) =>
  db
    .select({
      id: productVariants.id,
      type: productVariants.type,
      title: productVariants.title,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      salePriceCents: productVariants.salePriceCents,
      saleStartsOn: productVariants.saleStartsOn,
      saleEndsOn: productVariants.saleEndsOn,
      quantity: productVariants.quantity,
      images: productVariants.images,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.optionGroup)))
    .orderBy(asc(productVariants.position));

const refuse = (field: string, message: string): never => {
  throw new AppError('INVALID_DATA', message, { [field]: message });
};

/**
 * Every image, the product's and its variants', is an upload that exists in the data folder, or
 * one the product already shows (`kept`: the demo catalogue's own files).
 */
export function checkImages(
  dataDir: string,
  images: string[],
  kept: Set<string>,
  variants: VariantInput[] = [],
) {
  const folder = uploadsFolder(dataDir);
  const known = (path: string) =>
    kept.has(path) ||
    (isUploadedImagePath(path) && existsSync(join(folder, path.split('/').pop()!)));
  if (!images.every(known)) refuse('images', PRODUCT_MESSAGES.image);
  variants.forEach((variant, index) => {
    if (variant.image && !images.includes(variant.image) && !known(variant.image))
      refuse(`variants.${index}.image`, PRODUCT_MESSAGES.variantImage);
  });
}

/**
 * No SKU of the form is another product's or another variant's (a SKU names one row of the stock
 * page and one line of an order). `productId` is the product being edited, none for a new one.
 */
export async function checkSkus(
  tx: Db,
  productId: string | null,
  sku: string | undefined,
  variants: VariantInput[],
) {
  const wanted = [...(sku ? [sku] : []), ...variants.map((variant) => variant.sku)];
  if (wanted.length === 0) return;
  const [owners, variantRows] = await Promise.all([
    tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, wanted)),
    tx
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(inArray(productVariants.sku, wanted)),
  ]);
  if (sku) {
    const other = owners.some((row) => row.sku === sku && row.id !== productId);
    if (other || variantRows.some((row) => row.sku === sku))
      refuse('sku', PRODUCT_MESSAGES.skuTaken);
  }
  variants.forEach((variant, index) => {
    const productHasIt = owners.some((row) => row.sku === variant.sku);
    const otherVariant = variantRows.some(
      (row) => row.sku === variant.sku && row.id !== variant.id,
    );
    if (productHasIt || otherVariant) refuse(`variants.${index}.sku`, PRODUCT_MESSAGES.skuTaken);
  });
}

/**
 * Makes the product's plain variants those of the form, in its order: variants left out are
 * removed, those with an id updated, the others added. An existing variant's stock moves by what
 * the owner changed (quantity − seen), so units sold while the form was open stay sold.
 */
export async function writeVariants(tx: Db, productId: string, variants: VariantInput[]) {
  const existing = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.optionGroup)))
    .for('update');
  const known = new Set(existing.map((row) => row.id));
  const kept = new Set(
    variants.flatMap((variant) => (variant.id && known.has(variant.id) ? [variant.id] : [])),
  );
  const gone = [...known].filter((id) => !kept.has(id));
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  for (const [position, variant] of variants.entries()) {
    const values = {
      position,
      type: variant.type,
      title: variant.title,
      sku: variant.sku,
      priceCents: variant.price,
      attributes: { [variant.type]: variant.title },
      images: variant.image ? [variant.image] : [],
      // Its sale (issue 42): left out, an existing variant keeps its own, a new one has none.
      ...(variant.sale === undefined ? {} : saleColumns(variant.sale)),
    };
    if (variant.id && kept.has(variant.id)) {
      const moved =
        variant.seen === undefined
          ? sql`${variant.quantity}`
          : sql`greatest(0, ${productVariants.quantity} + ${variant.quantity - variant.seen})`;
      await tx
        .update(productVariants)
        .set({ ...values, quantity: moved })
        .where(eq(productVariants.id, variant.id));
    } else {
      await tx.insert(productVariants).values({ ...values, productId, quantity: variant.quantity });
    }
  }
  return variants.length > 0;
}
