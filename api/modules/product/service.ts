import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categoryOrders,
  productCategorizations,
  products,
  productVariants,
  type ProductCategorizationRow,
  type ProductVariantRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import {
  LISTING_PAGE_SIZE,
  PRODUCT_MESSAGES,
  SECTION_LIMIT,
  type CategoryListing,
  type CategoryOrderDto,
  type ProductDto,
  type SubcategoryListing,
  type VariantDto,
} from './model';

/** Every product column but the search columns, which only the database needs to read. */
const {
  searchText: _searchText,
  searchVector: _searchVector,
  ...productColumns
} = getTableColumns(products);
export { productColumns };
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

function assemble(
  rows: ProductRecord[],
  variantRows: ProductVariantRow[],
  categorizationRows: ProductCategorizationRow[],
): ProductDto[] {
  const variantsByProduct = groupBy(variantRows, (row) => row.productId);
  const categorizationsByProduct = groupBy(categorizationRows, (row) => row.productId);
  return rows.map((row) => {
    const ownVariants = variantsByProduct.get(row.id) ?? [];
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
      categorizations: (categorizationsByProduct.get(row.id) ?? []).map((entry) => ({
        category: entry.category,
        subcategory: entry.subcategory,
      })),
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

/** Attaches variants and categorizations to product rows, in two queries, keeping their order. */
export async function toProductDtos(db: Db, rows: ProductRecord[]): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variantRows, categorizationRows] = await Promise.all([
    variantsOf(db, ids),
    categorizationsOf(db, ids),
  ]);
  return assemble(rows, variantRows, categorizationRows);
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
  return assemble(ordered, variantRows, categorizationRows);
}

/** Featured products, by priority (missing priority last), then title. */
export async function featuredProducts(db: Db): Promise<ProductDto[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(sql`${products.isFeatured}`)
    .orderBy(...listingOrder);
  return toProductDtos(db, rows);
}

/** One product, or a NOT_FOUND error a page or the API turns into a 404. */
export async function productById(db: Db, id: string): Promise<ProductDto> {
  const [product] = await productDtosByIds(db, [id]);
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return product;
}

/** The section order of one category's page (spec §3 Category order entry), by order. */
export async function categoryOrdersOf(db: Db, category: string): Promise<CategoryOrderDto[]> {
  return db
    .select({
      category: categoryOrders.category,
      subcategory: categoryOrders.subcategory,
      order: categoryOrders.order,
    })
    .from(categoryOrders)
    .where(eq(categoryOrders.category, category))
    .orderBy(asc(categoryOrders.order), asc(categoryOrders.subcategory));
}

/**
 * The products of a category page with its section order. Each section (a subcategory, or 'Other'
 * for products listed in the category without one) holds its first SECTION_LIMIT products by
 * priority, so a category of thousands stays one small answer; each section links to the rest.
 */
export async function categoryListing(db: Db, category: string): Promise<CategoryListing> {
  const sections = sql`
    select c.product_id, c.subcategory as section
    from ${productCategorizations} c
    where c.category = ${category} and c.subcategory is not null
    union all
    select c.product_id, null
    from ${productCategorizations} c
    where c.category = ${category} and c.subcategory is null
      and not exists (
        select 1 from ${productCategorizations} s
        where s.product_id = c.product_id and s.category = ${category} and s.subcategory is not null
      )`;
  const chosen = sql`
    select distinct ranked.product_id from (
      select s.product_id, row_number() over (
        partition by s.section
        order by p.priority asc nulls last, p.title asc, p.id asc
      ) as place
      from (${sections}) s join ${products} p on p.id = s.product_id
    ) ranked
    where ranked.place <= ${SECTION_LIMIT}`;
  const [rows, catOrders] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} in (${chosen})`)
      .orderBy(...listingOrder),
    categoryOrdersOf(db, category),
  ]);
  return { products: await toProductDtos(db, rows), catOrders };
}

/** A subcategory listing (spec §2), by priority with missing priority last, LISTING_PAGE_SIZE a page. */
export async function subcategoryListing(
  db: Db,
  category: string,
  subcategory: string,
  page = 1,
): Promise<SubcategoryListing> {
  const inListing = and(
    eq(productCategorizations.category, category),
    eq(productCategorizations.subcategory, subcategory),
  );
  const listed = db
    .select({ id: productCategorizations.productId })
    .from(productCategorizations)
    .where(inListing);
  const [rows, [total]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(inArray(products.id, listed))
      .orderBy(...listingOrder)
      .limit(LISTING_PAGE_SIZE)
      .offset((page - 1) * LISTING_PAGE_SIZE),
    db.select({ total: count() }).from(productCategorizations).where(inListing),
  ]);
  return {
    products: await toProductDtos(db, rows),
    pagination: { page, pages: pageCount(total?.total ?? 0, LISTING_PAGE_SIZE) },
  };
}

/** Pages needed for `total` results; an empty result is one empty page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
