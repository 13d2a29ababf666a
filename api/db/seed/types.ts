import type { ProductKind } from '../../../core/product/kind';
import type { PersonalizationSettings } from '../../../core/product/personalization';
/**
 * The shape of the demo catalogue as an editor writes it. Prices are integer cents; the seed
 * maps these records onto the catalogue tables (see `api/db/schema/catalogue.ts`).
 */

/** A size chart: column headings, then one row of cells per size. */
export interface SizeTable {
  columns: string[];
  rows: string[][];
}

/** A bundle's size chart is a list of titled tables, one per item in the bundle. */
export interface TitledSizeTable extends SizeTable {
  title: string;
}

export interface SeedVariant {
  sku: string;
  title: string;
  priceCents: number;
  /** Units in stock for this variant. */
  quantity: number;
  /** e.g. { color: 'Forest Green' } or { size: 'M' } */
  attributes: Record<string, string>;
  /** Paths under public/, e.g. '/images/products/cedar-mug-green.webp'. */
  images: string[];
  /** A type label such as 'color', 'size' or 'option'. */
  type: string;
}

export interface SeedCategorization {
  category: string;
  subcategory?: string;
}

export interface SeedProduct {
  /** Stable, unique, kebab-case; the product's id is derived from it so links stay valid. */
  slug: string;
  title: string;
  description: string;
  /** Absent for a product whose page falls back to the spec's default price. */
  priceCents?: number;
  sku: string;
  /** Units in stock; absent means unknown. */
  quantity?: number;
  supplier?: string;
  /** The main category (browsing). */
  category: string;
  /** What it is (core/product/kind.ts); absent: goods. Its tax class follows the kind. */
  kind?: ProductKind;
  categorizations: SeedCategorization[];
  /** Paths under public/, first one is the main image. */
  images: string[];
  alttext: string;
  details: string[];
  /** Plain variants (colours, sizes). */
  variants?: SeedVariant[];
  /** Bundles: one option list per item in the bundle; the shopper picks one of each. */
  bundleOptions?: { title: string; options: SeedVariant[] }[];
  sizeChart?: SizeTable | TitledSizeTable[];
  ratings?: { thumbsUp: number; thumbsDown: number };
  /** Lower sorts first; absent sorts last. */
  priority?: number;
  isFeatured?: boolean;
  /** The fields a shopper fills to personalize it and where the preview writes them (issue 40). */
  personalization?: PersonalizationSettings;
}

export interface SeedCategoryOrder {
  category: string;
  subcategory: string;
  order: number;
}
