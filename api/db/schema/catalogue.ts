import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy, timestampTz } from './columns';
import type { ProductStatus } from '../../../core/product/model';
import { PRODUCT_KINDS, TAX_CLASSES } from '../../../core/product/kind';
import type { SizeChart } from '../../../core/product/size-chart';
import type { PersonalizationSettings } from '../../../core/product/personalization';

export type { SizeChart, SizeTable, TitledSizeTable } from '../../../core/product/size-chart';

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Integer cents; null when the shop has not set a price (the page falls back to $40). */
    priceCents: integer('price_cents'),
    /**
     * A sale (issue 42): the price charged instead of `priceCents` from `saleStartsOn` to
     * `saleEndsOn`, shop days, both inclusive (null start: from now; null end: until the owner ends
     * it). Null price: no sale. The catalogue applies it on the day (core/product/sale.ts).
     */
    salePriceCents: integer('sale_price_cents'),
    saleStartsOn: date('sale_starts_on', { mode: 'string' }),
    saleEndsOn: date('sale_ends_on', { mode: 'string' }),
    sku: text('sku').notNull(),
    /** Units in stock; null when unknown. */
    quantity: integer('quantity'),
    supplier: text('supplier').notNull().default('warehouse'),
    /** The main category, for browsing only: what the product is comes from `kind`. */
    category: text('category').notNull(),
    /** What the product is (core/product/kind.ts): goods, digital or gift_card (issue 35). */
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull().default('goods'),
    /** How sales tax treats it: standard, or exempt (a gift card is not a retail sale). */
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('standard'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    alttext: text('alttext').notNull().default(''),
    details: text('details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    /**
     * The fields a shopper fills to personalize it, their price, the lead time and where the
     * preview writes the text (core/product/personalization.ts, issue 40); null: not personalized.
     */
    personalization: jsonb('personalization').$type<PersonalizationSettings>(),
    hasVariants: boolean('has_variants').notNull().default(false),
    isBundle: boolean('is_bundle').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    thumbsUp: integer('thumbs_up').notNull().default(0),
    thumbsDown: integer('thumbs_down').notNull().default(0),
    /** Lower sorts first; null sorts last. */
    priority: integer('priority'),
    /**
     * 'active' is in the shop; 'draft' is seen only in the back office: the catalogue read model
     * leaves it out, so no page, listing, search, sitemap or cart finds it (issue 25).
     */
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    /** At or under this many units the product (or each variant without its own) is low. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /**
     * Low-stock warnings (issue 28): the row is low at or under its threshold; `lowStockSince` is
     * when its stock last went from above to at/under it (null while above), and
     * `lowStockReported` whether a daily digest has told the owner about that crossing.
     */
    lowStockSince: timestampTz('low_stock_since'),
    lowStockReported: boolean('low_stock_reported').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('products_slug_key').on(table.slug),
    uniqueIndex('products_sku_key').on(table.sku),
    index('products_featured_idx')
      .on(table.priority.asc().nullsLast(), table.title)
      .where(sql`${table.isFeatured}`),
    index('products_price_idx').on(table.priceCents),
    index('products_listing_idx').on(table.priority.asc().nullsLast(), table.title),
    check('products_price_nonnegative', sql`${table.priceCents} >= 0`),
    check('products_sale_price_nonnegative', sql`${table.salePriceCents} >= 0`),
    check('products_sale_dates_ordered', sql`${table.saleStartsOn} <= ${table.saleEndsOn}`),
    check('products_quantity_nonnegative', sql`${table.quantity} >= 0`),
    check('products_status_known', sql`${table.status} in ('draft', 'active')`),
    check('products_kind_known', sql`${table.kind} in ('goods', 'digital', 'gift_card')`),
    check('products_tax_class_known', sql`${table.taxClass} in ('standard', 'exempt')`),
    check('products_low_stock_threshold_range', sql`${table.lowStockThreshold} between 0 and 999`),
  ],
);

/**
 * A product's variants. Plain variants (colours, sizes) have `optionGroup` null; a bundle's
 * option lists are numbered 0, 1, … with the list's title in `groupTitle`.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: ownedBy('product_id', () => products.id),
    optionGroup: integer('option_group'),
    groupTitle: text('group_title'),
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The variant's own sale (issue 42), read as the product's: see `products.salePriceCents`. */
    salePriceCents: integer('sale_price_cents'),
    saleStartsOn: date('sale_starts_on', { mode: 'string' }),
    saleEndsOn: date('sale_ends_on', { mode: 'string' }),
    quantity: integer('quantity').notNull().default(0),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    type: text('type').notNull().default('option'),
    /** Its own low-stock threshold; null uses its product's. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * Low-stock warnings (issue 28): the row is low at or under its threshold; `lowStockSince` is
     * when its stock last went from above to at/under it (null while above), and
     * `lowStockReported` whether a daily digest has told the owner about that crossing.
     */
    lowStockSince: timestampTz('low_stock_since'),
    lowStockReported: boolean('low_stock_reported').notNull().default(false),
  },
  (table) => [
    uniqueIndex('product_variants_sku_key').on(table.sku),
    index('product_variants_product_idx').on(table.productId, table.optionGroup, table.position),
    check('product_variants_price_nonnegative', sql`${table.priceCents} >= 0`),
    check('product_variants_sale_price_nonnegative', sql`${table.salePriceCents} >= 0`),
    check('product_variants_sale_dates_ordered', sql`${table.saleStartsOn} <= ${table.saleEndsOn}`),
    check('product_variants_quantity_nonnegative', sql`${table.quantity} >= 0`),
    check(
      'product_variants_low_stock_threshold_range',
      sql`${table.lowStockThreshold} between 0 and 999`,
    ),
  ],
);

/**
 * The daily low-stock digests (issue 28), one row a shop day: the row is the claim, inserted in
 * the transaction that queues the email, so however many processes run the job a day's digest is
 * sent once. `items` is what it reported.
 */
export const lowStockDigests = pgTable('low_stock_digests', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sentAt: timestampTz('sent_at').notNull(),
  items: jsonb('items').$type<{ sku: string; quantity: number; threshold: number }[]>().notNull(),
});

/** Where a product is listed: a category and, optionally, a subcategory within it. */
export const productCategorizations = pgTable(
  'product_categorizations',
  {
    id: id(),
    productId: ownedBy('product_id', () => products.id),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
  },
  (table) => [
    uniqueIndex('product_categorizations_unique').on(
      table.productId,
      table.category,
      sql`coalesce(${table.subcategory}, '')`,
    ),
    index('product_categorizations_listing_idx').on(
      table.category,
      table.subcategory,
      table.productId,
    ),
    index('product_categorizations_product_idx').on(table.productId),
  ],
);

/** The order of subcategory sections on a category page. */
export const categoryOrders = pgTable(
  'category_orders',
  {
    id: id(),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    order: integer('order').notNull(),
  },
  (table) => [uniqueIndex('category_orders_unique').on(table.category, table.subcategory)],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type ProductCategorizationRow = typeof productCategorizations.$inferSelect;
export type CategoryOrderRow = typeof categoryOrders.$inferSelect;
