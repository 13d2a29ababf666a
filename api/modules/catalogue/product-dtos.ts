import { asc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  categoryOrders,
  productCategorizations,
  products,
  productVariants,
  type ProductCategorizationRow,
  type ProductVariantRow,
} from '../../db/schema';
import { centsToDollars } from '../../../core/money';
import type { CategoryOrderDto, ProductDto, VariantDto } from '../../../core/product/model';
import { saleTermsOf, type SaleTerms } from '../../../core/product/sale';
import { shopDayOf } from '../../../core/shop-calendar';
import { withSales } from './sale-pricing';

/** Every product column. */
export const productColumns = getTableColumns(products);
export type ProductRecord = {
  [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K];
};

/** spec §2: listings sort by priority ascending, missing priority last; then by title. */
export const listingOrder = [
  sql`${products.priority} asc nulls last`,
  asc(products.title),
  asc(products.id),
];

function toVariantDto(row: ProductVariantRow): VariantDto {
  return {
    sku: row.sku,
    title: row.title,
    price: centsToDollars(row.priceCents),
    compareAtPrice: null,
    saleEndsOn: null,
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

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const variantsOf = (db: Db, ids: string[]) =>
  db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.optionGroup), asc(productVariants.position));

const categorizationsOf = (db: Db, ids: string[]) =>
  db
    .select()
    .from(productCategorizations)
    .where(inArray(productCategorizations.productId, ids))
    .orderBy(asc(productCategorizations.category), asc(productCategorizations.subcategory));

/** What a ProductDto is made of: a product row without its slug and timestamps. */
type ProductFields = Omit<ProductRecord, 'slug' | 'createdAt' | 'updatedAt'>;

/** The sales of a product's variants, by sku. */
function variantSales(rows: ProductVariantRow[]): Record<string, SaleTerms> {
  const sales: Record<string, SaleTerms> = {};
  for (const row of rows) {
    const terms = saleTermsOf(row);
    if (terms) sales[row.sku] = terms;
  }
  return sales;
}

/** Products from their rows, priced for shop day `day` (issue 42: a sale on that day applies). */
function assemble(
  rows: ProductFields[],
  variantRows: ProductVariantRow[],
  categorizationRows: ProductCategorizationRow[],
  day: string,
): ProductDto[] {
  const variantsByProduct = groupBy(variantRows, (row) => row.productId);
  const categorizationsByProduct = groupBy(categorizationRows, (row) => row.productId);
  return rows.map((row) => {
    const ownVariants = variantsByProduct.get(row.id) ?? [];
    const regular = regularDto(row, ownVariants, categorizationsByProduct.get(row.id) ?? []);
    return withSales(regular, saleTermsOf(row), variantSales(ownVariants), day);
  });
}

/** A product at its regular prices. */
function regularDto(
  row: ProductFields,
  ownVariants: ProductVariantRow[],
  categorizations: ProductCategorizationRow[],
): ProductDto {
  const bundle = row.isBundle ? groupBundleOptions(ownVariants) : undefined;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.priceCents === null ? null : centsToDollars(row.priceCents),
    compareAtPrice: null,
    saleEndsOn: null,
    image: row.images,
    alttext: row.alttext,
    sku: row.sku,
    quantity: row.quantity,
    supplier: row.supplier,
    category: row.category,
    kind: row.kind,
    taxClass: row.taxClass,
    categorizations: categorizations.map((entry) => ({
      category: entry.category,
      subcategory: entry.subcategory,
    })),
    hasVariants: row.hasVariants,
    variants: bundle ? bundle.variants : ownVariants.map(toVariantDto),
    isBundle: row.isBundle,
    optionTitles: bundle ? bundle.optionTitles : [],
    details: row.details,
    sizeChart: row.sizeChart,
    personalization: row.personalization,
    ratings: { thumbsUp: row.thumbsUp, thumbsDown: row.thumbsDown },
    priority: row.priority,
    isFeatured: row.isFeatured,
    ...(row.status === 'draft' ? { draft: true as const } : {}),
  };
}

/**
 * Attaches variants and categorizations to product rows, in two queries, keeping their order;
 * priced for today's shop day (`now`: the clock, for tests), so an order is charged a sale's price.
 */
export async function toProductDtos(
  db: Db,
  rows: ProductRecord[],
  now: Date = new Date(),
): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variantRows, categorizationRows] = await Promise.all([
    variantsOf(db, ids),
    categorizationsOf(db, ids),
  ]);
  return assemble(rows, variantRows, categorizationRows, shopDayOf(now));
}

/** The products with these ids, in the order given, in three queries run together. */
export async function productDtosByIds(db: Db, ids: string[]): Promise<ProductDto[]> {
  if (ids.length === 0) return [];
  const [rows, variantRows, categorizationRows] = await Promise.all([
    db.select(productColumns).from(products).where(inArray(products.id, ids)),
    variantsOf(db, ids),
    categorizationsOf(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  return assemble(ordered, variantRows, categorizationRows, shopDayOf(new Date()));
}

/**
 * One table's rows as one JSON text, keyed as Drizzle names the columns (`priceCents`), in the
 * given order. For reading whole tables: PGlite decodes `text[]` and `jsonb` columns row by row in
 * JavaScript, and 10,000 products read 3× faster as one `json_agg` and one `JSON.parse`. Only
 * columns whose JSON form is their value (text, numbers, booleans, arrays, jsonb; not timestamps).
 */
async function jsonRows<T>(
  db: Db,
  table: PgTable,
  columns: Record<string, PgColumn>,
  order: SQL[],
): Promise<T[]> {
  const fields = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_object(${fields}) order by ${sql.join(order, sql`, `)}), '[]')::text`,
    })
    .from(table);
  return JSON.parse(row?.json ?? '[]') as T[];
}

/** The product columns a ProductDto is made of. */
const { slug: _slug, createdAt: _created, updatedAt: _updated, ...dtoColumns } = productColumns;

/**
 * Every product of the catalogue (the read model loads it at start-up and after a lost
 * connection), each table read whole as one JSON text.
 */
export async function allProductDtos(db: Db): Promise<ProductDto[]> {
  const [rows, variantRows, categorizationRows] = await Promise.all([
    jsonRows<ProductFields>(db, products, dtoColumns, listingOrder),
    jsonRows<ProductVariantRow>(db, productVariants, getTableColumns(productVariants), [
      asc(productVariants.optionGroup),
      asc(productVariants.position),
    ]),
    jsonRows<ProductCategorizationRow>(
      db,
      productCategorizations,
      getTableColumns(productCategorizations),
      [asc(productCategorizations.category), asc(productCategorizations.subcategory)],
    ),
  ]);
  return assemble(rows, variantRows, categorizationRows, shopDayOf(new Date()));
}

/** Every category's section order (spec §3 Category order entry), by category and order. */
export async function allCategoryOrders(db: Db): Promise<CategoryOrderDto[]> {
  return db
    .select({
      category: categoryOrders.category,
      subcategory: categoryOrders.subcategory,
      order: categoryOrders.order,
    })
    .from(categoryOrders)
    .orderBy(
      asc(categoryOrders.category),
      asc(categoryOrders.order),
      asc(categoryOrders.subcategory),
    );
}

/** Pages needed for `total` results; an empty result is one empty page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
