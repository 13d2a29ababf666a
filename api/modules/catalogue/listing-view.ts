import {
  LISTING_PAGE_SIZE,
  SECTION_LIMIT,
  type CategoryOrderDto,
  type ProductDto,
  type SubcategoryListing,
} from '../../../core/product/model';
import { pageCount } from './product-dtos';
import { productPriceCents } from '../../../core/product/price';
import { listedPlaces } from '../../../core/catalogue/price-shelf';
import { isOnSale } from '../../../core/product/sale';

/*
 * The orders the catalogue's listings and search read, derived from the products in memory
 * (read-model.ts) and rebuilt only after a change that moves them.
 */

/** What listings, search and pages derive from the products; rebuilt after a change that moves them. */
export interface Derived {
  /** Every product in listing order: priority ascending, missing priority last, then title, id. */
  ordered: ProductDto[];
  /** Each product's place in `ordered`, the tie-break of every other order. */
  place: Map<string, number>;
  /** What search filters and orders by, per product, by its document number in the search index. */
  factsByDocument: SearchFact[];
  /** The facts in listing order (a search without words walks these). */
  orderedFacts: SearchFact[];
  /** Every category name, by the number facts use for it. */
  categoryNames: string[];
  featured: ProductDto[];
  /** A subcategory's products in listing order, by `listingKey`. */
  listings: Map<string, ProductDto[]>;
  /** A category page's products, computed on first use. */
  categoryPages: Map<string, ProductDto[]>;
}

/** A product as search reads it: its price, place in listing order and categories, precomputed. */
export interface SearchFact {
  product: ProductDto;
  /** The price charged today, in cents (a sale's while it is on). */
  cents: number;
  /** Whether it or one of its variants is on sale today (the search's "On sale" filter). */
  onSale: boolean;
  place: number;
  /** The numbers of the categories it is listed in (see `Derived.categoryNames`), each once. */
  categories: number[];
}

const titleOrder = new Intl.Collator('en').compare;
const priorityOf = (product: ProductDto) => product.priority ?? Number.POSITIVE_INFINITY;
const byListingOrder = (a: ProductDto, b: ProductDto) =>
  priorityOf(a) - priorityOf(b) ||
  titleOrder(a.title, b.title) ||
  (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export const listingKey = (category: string, subcategory: string | null) =>
  `${category}\u0000${subcategory ?? ''}`;

/** Whether a product is listed in a category (and, when given, that subcategory). */
export function listedIn(product: ProductDto, category: string, subcategory?: string): boolean {
  return listedPlaces(product).some(
    (entry) =>
      entry.category === category &&
      (subcategory === undefined || entry.subcategory === subcategory),
  );
}

/**
 * Listing order, subcategory listings and search facts of `products`; `documentOf` tells a
 * product's document number in the search index.
 */
export function deriveView(
  products: Iterable<ProductDto>,
  documentOf: (id: string) => number | undefined,
): Derived {
  const ordered = [...products].sort(byListingOrder);
  const listings = new Map<string, ProductDto[]>();
  for (const product of ordered) {
    const keys = new Set(
      listedPlaces(product)
        .filter((entry) => entry.subcategory !== null)
        .map((entry) => listingKey(entry.category, entry.subcategory)),
    );
    for (const key of keys) {
      const list = listings.get(key);
      if (list) list.push(product);
      else listings.set(key, [product]);
    }
  }
  const categoryNumbers = new Map<string, number>();
  const orderedFacts = ordered.map((product, place): SearchFact => {
    const categories = new Set<number>();
    for (const entry of listedPlaces(product)) {
      let number = categoryNumbers.get(entry.category);
      if (number === undefined) {
        number = categoryNumbers.size;
        categoryNumbers.set(entry.category, number);
      }
      categories.add(number);
    }
    const cents = productPriceCents(product);
    return { product, cents, onSale: isOnSale(product), place, categories: [...categories] };
  });
  const factsByDocument: SearchFact[] = [];
  for (const fact of orderedFacts) {
    const document = documentOf(fact.product._id);
    if (document !== undefined) factsByDocument[document] = fact;
  }
  return {
    ordered,
    place: new Map(ordered.map((product, index) => [product._id, index])),
    factsByDocument,
    orderedFacts,
    categoryNames: [...categoryNumbers.keys()],
    featured: ordered.filter((product) => product.isFeatured),
    listings,
    categoryPages: new Map(),
  };
}

/**
 * The products of a category page, computed on first use and kept in the view. Each section (a
 * subcategory, or 'Other' for products listed in the category without one) holds its first
 * SECTION_LIMIT products by priority.
 */
export function categoryPageProducts(view: Derived, category: string): ProductDto[] {
  let products = view.categoryPages.get(category);
  if (!products) {
    const shown = new Set<string>();
    const counts = new Map<string, number>();
    for (const product of view.ordered) {
      const own = listedPlaces(product).filter((entry) => entry.category === category);
      if (own.length === 0) continue;
      const named = own.filter((entry) => entry.subcategory !== null);
      const sections = named.length > 0 ? named.map((entry) => entry.subcategory!) : [''];
      for (const section of new Set(sections)) {
        const count = counts.get(section) ?? 0;
        if (count >= SECTION_LIMIT) continue;
        counts.set(section, count + 1);
        shown.add(product._id);
      }
    }
    products = view.ordered.filter((product) => shown.has(product._id));
    view.categoryPages.set(category, products);
  }
  return products;
}

/** Each category's section order (its subcategories), by order then name. */
export function sectionOrders(rows: CategoryOrderDto[]): Map<string, CategoryOrderDto[]> {
  const byCategory = new Map<string, CategoryOrderDto[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category) ?? [];
    list.push(row);
    byCategory.set(row.category, list);
  }
  for (const list of byCategory.values()) {
    list.sort((a, b) => a.order - b.order || titleOrder(a.subcategory, b.subcategory));
  }
  return byCategory;
}

/** A category with its subcategories, as the Shop all page, the menu and the footer list them. */
export interface Shelf {
  category: string;
  subcategories: string[];
}

/**
 * Every category products are listed in, by name, each with its subcategories: those with a
 * section order first (by that order), then the rest by name.
 */
export function shelvesOf(
  products: Iterable<ProductDto>,
  orders: Map<string, CategoryOrderDto[]>,
): Shelf[] {
  const named = new Map<string, Set<string>>();
  for (const product of products) {
    for (const entry of listedPlaces(product)) {
      const subcategories = named.get(entry.category) ?? new Set<string>();
      if (entry.subcategory !== null) subcategories.add(entry.subcategory);
      named.set(entry.category, subcategories);
    }
  }
  return [...named.keys()].sort(titleOrder).map((category) => {
    const present = named.get(category)!;
    const ordered = (orders.get(category) ?? [])
      .map((row) => row.subcategory)
      .filter((name) => present.has(name));
    const rest = [...present].filter((name) => !ordered.includes(name)).sort(titleOrder);
    return { category, subcategories: [...new Set(ordered), ...rest] };
  });
}

/** One page of a subcategory listing (spec §2), LISTING_PAGE_SIZE a page. */
export function listingPage(all: ProductDto[], page: number): SubcategoryListing {
  const start = (page - 1) * LISTING_PAGE_SIZE;
  return {
    products: all.slice(start, start + LISTING_PAGE_SIZE),
    pagination: { page, pages: pageCount(all.length, LISTING_PAGE_SIZE) },
  };
}
