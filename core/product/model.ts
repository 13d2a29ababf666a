import { z } from 'zod';
import type { ProductKind, TaxClass } from './kind';
import type { SizeChart } from './size-chart';
import type { PersonalizationSettings } from './personalization';

/** A variant as the API shows it (spec §3 Variant). Prices in dollars. */
export interface VariantDto {
  sku: string;
  title: string;
  /** The price charged today: its sale price while a sale is on (issue 42). */
  price: number;
  /** Its regular price while a sale is on (shown struck through); null otherwise. */
  compareAtPrice?: number | null | undefined;
  /** The sale's last shop day while a sale with an end is on; null otherwise. */
  saleEndsOn?: string | null | undefined;
  quantity: number;
  attributes: Record<string, string>;
  image: string[];
  type: string;
}

/** A product as the API shows it (spec §3 Product); `_id` as in the spec. Prices in dollars. */
export interface ProductDto {
  _id: string;
  title: string;
  description: string;
  /**
   * The price charged today, its sale price while a sale is on (issue 42); null when the shop set
   * no price and no sale is on: the detail page then shows $40.
   */
  price: number | null;
  /** Its regular price while a sale is on (shown struck through); null otherwise. */
  compareAtPrice?: number | null | undefined;
  /** The sale's last shop day (YYYY-MM-DD) while a sale with an end is on; null otherwise. */
  saleEndsOn?: string | null | undefined;
  image: string[];
  alttext: string;
  sku: string;
  /** Units in stock; null when unknown. */
  quantity: number | null;
  supplier: string;
  /** The main category, for browsing only: what the product is comes from `kind`. */
  category: string;
  /** What the product is (goods, digital, gift_card): its stock limit, shipping and returns. */
  kind: ProductKind;
  /** How sales tax treats it. */
  taxClass: TaxClass;
  categorizations: { category: string; subcategory: string | null }[];
  hasVariants: boolean;
  /** Plain variants, or for a bundle one list of options per item in it. */
  variants: VariantDto[] | VariantDto[][];
  isBundle: boolean;
  /** For bundles: the title of each option list, in the order of `variants`. */
  optionTitles: string[];
  details: string[];
  sizeChart: SizeChart | null;
  /** The fields a shopper fills to personalize it (issue 40); null: not personalized. */
  personalization?: PersonalizationSettings | null | undefined;
  ratings: { thumbsUp: number; thumbsDown: number };
  priority: number | null;
  isFeatured: boolean;
  /**
   * Only on a draft as the database reads it: the catalogue read model never keeps a draft, so no
   * answer the shop gives carries this field.
   */
  draft?: true;
}

/** A product in the shop ('active') or only in the back office ('draft'). */
export const PRODUCT_STATUSES = ['draft', 'active'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export {
  FALLBACK_PRICE,
  FALLBACK_PRICE_CENTS,
  LISTING_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SECTION_LIMIT,
} from './constants';

/** One category's order of subcategory sections (spec §3 Category order entry). */
export interface CategoryOrderDto {
  category: string;
  subcategory: string;
  order: number;
}

export interface Pagination {
  page: number;
  pages: number;
}

export const SORTS = ['priceAsc', 'priceDesc'] as const;
export type Sort = (typeof SORTS)[number];

/** Every sentence the product API answers a bad parameter with. */
export const PRODUCT_MESSAGES = {
  flag: 'Use true or false.',
  text: 'Search text can be at most 100 characters.',
  name: 'Category and subcategory names can be at most 100 characters.',
  minPrice: 'Min Price must be a number of dollars, 0 or more.',
  maxPrice: 'Max Price must be a number of dollars, 0 or more.',
  priceOrder: 'Min Price cannot be more than Max Price.',
  sort: 'Sort must be priceAsc (Price: Low to High) or priceDesc (Price: High to Low).',
  page: 'Page must be a whole number, 1 or more.',
  onSale: 'On sale must be 1 (only products on sale) or left out.',
  subcategoryAlone: 'Choose a category for the subcategory.',
  productId: 'That product link is not valid.',
  notFound: 'We could not find that product.',
} as const;

/** A query parameter sent empty (an untouched form field) counts as not sent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(['true', 'false'], { error: PRODUCT_MESSAGES.flag })
  .transform((value) => value === 'true');

const name = z.string().trim().max(100, PRODUCT_MESSAGES.name);

const dollars = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .transform(Number);

const page = z
  .string({ error: PRODUCT_MESSAGES.page })
  .regex(/^[1-9]\d{0,5}$/, PRODUCT_MESSAGES.page)
  .transform(Number);

/**
 * GET /product/search. Which answer it gives depends on what is asked (see `searchMode`); unknown
 * parameters are ignored, as the spec's "others" allows.
 */
export const searchQuery = z
  .object({
    isFeatured: optional(booleanFlag),
    q: optional(z.string({ error: PRODUCT_MESSAGES.text }).trim().max(100, PRODUCT_MESSAGES.text)),
    category: optional(name),
    subcategory: optional(name),
    minPrice: optional(dollars(PRODUCT_MESSAGES.minPrice)),
    maxPrice: optional(dollars(PRODUCT_MESSAGES.maxPrice)),
    sort: optional(z.enum(SORTS, { error: PRODUCT_MESSAGES.sort })),
    page: optional(page),
    /** Issue 42: only products (or one of their variants) on sale today; the form's checkbox. */
    onSale: optional(
      z.enum(['1', 'true'], { error: PRODUCT_MESSAGES.onSale }).transform(() => true as const),
    ),
  })
  .superRefine((query, context) => {
    if (
      query.minPrice !== undefined &&
      query.maxPrice !== undefined &&
      query.minPrice > query.maxPrice
    ) {
      context.addIssue({
        code: 'custom',
        path: ['minPrice'],
        message: PRODUCT_MESSAGES.priceOrder,
      });
    }
    if (query.subcategory && !query.category) {
      context.addIssue({
        code: 'custom',
        path: ['subcategory'],
        message: PRODUCT_MESSAGES.subcategoryAlone,
      });
    }
  });
export type SearchQuery = z.infer<typeof searchQuery>;

export type SearchMode = 'featured' | 'subcategory' | 'category' | 'search';

/**
 * spec §7: `isFeatured=true` lists the featured products; `category` with `subcategory` a listing;
 * `category` alone the category page's products with their section order; anything else (text,
 * prices, sort or page) the general search. A page number turns a category into a search, so the
 * search page filtered by category always sends one.
 */
export function searchMode(query: SearchQuery): SearchMode {
  if (query.isFeatured) return 'featured';
  const searching =
    query.q !== undefined ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.sort !== undefined ||
    query.onSale !== undefined;
  if (searching) return 'search';
  if (query.category && query.subcategory) return 'subcategory';
  if (query.category && query.page === undefined) return 'category';
  return 'search';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const productIdParams = z.object({
  id: z.string().regex(UUID, PRODUCT_MESSAGES.productId),
});

export const isProductId = (value: string): boolean => UUID.test(value);

export interface SearchFilters {
  q?: string | undefined;
  category?: string | undefined;
  subcategory?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort?: Sort | undefined;
  page?: number | undefined;
  /** Only what is on sale today (issue 42). */
  onSale?: boolean | undefined;
}

/** spec §3 Search response. */
export interface SearchResult {
  products: ProductDto[];
  pagination: Pagination;
  categories: string[];
}

export interface CategoryListing {
  products: ProductDto[];
  catOrders: CategoryOrderDto[];
}

export interface SubcategoryListing {
  products: ProductDto[];
  pagination: Pagination;
}
