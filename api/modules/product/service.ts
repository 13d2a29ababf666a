import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  productCategorizations,
  products,
  productVariants,
  type ProductRow,
  type ProductVariantRow,
} from '../../db/schema';
import { centsToDollars } from '../../lib/money';
import type { ProductDto, VariantDto } from './model';

function toVariantDto(row: ProductVariantRow): VariantDto {
  return {
    sku: row.sku,
    title: row.title,
    price: centsToDollars(row.priceCents),
    quantity: row.quantity,
    attributes: row.attributes,
    image: row.images,
    type: row.type,
  };
}

function groupBundleOptions(rows: ProductVariantRow[]) {
  const groups = new Map<number, { title: string; options: VariantDto[] }>();
  for (const row of rows) {
    const group = row.optionGroup ?? 0;
    const entry = groups.get(group) ?? { title: row.groupTitle ?? '', options: [] };
    entry.options.push(toVariantDto(row));
    groups.set(group, entry);
  }
  const ordered = [...groups.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
  return {
    variants: ordered.map((entry) => entry.options),
    optionTitles: ordered.map((entry) => entry.title),
  };
}

/** Attaches variants and categorizations to product rows, in two queries, keeping their order. */
export async function toProductDtos(db: Db, rows: ProductRow[]): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variantRows, categorizationRows] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.optionGroup), asc(productVariants.position)),
    db
      .select()
      .from(productCategorizations)
      .where(inArray(productCategorizations.productId, ids))
      .orderBy(asc(productCategorizations.category), asc(productCategorizations.subcategory)),
  ]);

  return rows.map((row) => {
    const ownVariants = variantRows.filter((variant) => variant.productId === row.id);
    const bundle = row.isBundle ? groupBundleOptions(ownVariants) : undefined;
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      price: row.priceCents === null ? null : centsToDollars(row.priceCents),
      image: row.images,
      alttext: row.alttext,
      sku: row.sku,
      quantity: row.quantity,
      supplier: row.supplier,
      category: row.category,
      categorizations: categorizationRows
        .filter((entry) => entry.productId === row.id)
        .map((entry) => ({ category: entry.category, subcategory: entry.subcategory })),
      hasVariants: row.hasVariants,
      variants: bundle ? bundle.variants : ownVariants.map(toVariantDto),
      isBundle: row.isBundle,
      optionTitles: bundle ? bundle.optionTitles : [],
      details: row.details,
      sizeChart: row.sizeChart,
      ratings: { thumbsUp: row.thumbsUp, thumbsDown: row.thumbsDown },
      priority: row.priority,
      isFeatured: row.isFeatured,
    };
  });
}

/** Featured products, by priority (missing priority last), then title. */
export async function featuredProducts(db: Db): Promise<ProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .where(sql`${products.isFeatured}`)
    .orderBy(sql`${products.priority} asc nulls last`, asc(products.title));
  return toProductDtos(db, rows);
}
