import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors';
import {
  LISTING_PAGE_SIZE,
  PRODUCT_MESSAGES,
  type CategoryListing,
  type CategoryOrderDto,
  type ProductDto,
  type SearchFilters,
  type SearchResult,
  type SubcategoryListing,
} from '../../../core/product/model';
import { pageCount } from './product-dtos';
import { jsonBody, type JsonBody } from './http';
import type { ResponsiveImage } from '../../../core/images/product-images';
import { productImages } from './images';
import { skusOf, withoutStock } from './product-skus';
import {
  categoryPageProducts,
  deriveView,
  sectionOrders,
  shelvesOf,
  listingKey,
  type Derived,
  type Shelf,
} from './listing-view';
import { SearchIndex } from './search-index';
import { searchCatalogue } from './search-page';
import { suggestCatalogue } from './suggest';
import type { SuggestAnswer } from '../../../core/product/suggest';

/** One product as the model keeps it. */
interface Entry {
  product: ProductDto;
  /** The catalogue revision at which this product last changed in any way (its page's version). */
  revision: number;
  /** Its responsive image sets, computed once when it is loaded. */
  images: Record<string, ResponsiveImage>;
  /** Its JSON text and API answer, serialised on first use. */
  text?: string;
  json?: JsonBody;
}

/**
 * The catalogue as every page and catalogue answer reads it (DECISIONS.md, "Catalogue reads"):
 * products with their variants, bundles, categorizations, size charts, rating counts, stock and
 * image sets, the section orders, and the search index, all in memory. The database stays the
 * source of truth: `catalogueChanged` (./change.ts) reads what changed and hands it to `apply`.
 *
 * Each change takes a new revision number. A product page's version is its product's revision; a
 * listing's is the last revision that changed what the listing shows (membership, order, title,
 * price, image), so a stock change re-renders only the product's own page.
 */
export class CatalogueModel {
  /** Tells this process's versions from another's (or an earlier start's) in ETags. */
  readonly boot = randomBytes(4).toString('hex');
  private revision = 1;
  private readonly entries = new Map<string, Entry>();
  private readonly productOfSku = new Map<string, string>();
  private readonly listingRevisions = new Map<string, number>();
  private readonly categoryRevisions = new Map<string, number>();
  private featuredRevision = 0;
  private categoryOrders = new Map<string, CategoryOrderDto[]>();
  private readonly index: SearchIndex;
  private derived: Derived | undefined;
  private shelfList: Shelf[] = [];
  private shelvesRevision = 0;

  constructor(products: ProductDto[], categoryOrders: CategoryOrderDto[]) {
    const shown = products.filter((product) => !product.draft);
    for (const product of shown) this.store(product);
    this.setCategoryOrders(categoryOrders);
    this.index = new SearchIndex(shown);
    this.updateShelves();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every product id. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** The id of the product a variant sku belongs to. */
  productIdOfSku(sku: string): string | undefined {
    return this.productOfSku.get(sku);
  }

  /**
   * Brings the model up to date: `changed` are the changed products as the database now has them
   * (drafts among them are dropped like removed ones), `removed` the ids no longer there, `categoryOrders` (when given) every section order.
   */
  apply(changed: ProductDto[], removed: string[] = [], categoryOrders?: CategoryOrderDto[]): void {
    this.revision += 1;
    let moved = false;
    // A draft is not in the shop (issue 25): a product made a draft leaves the model as a removed
    // one does, so its page, the listings, search and the sitemap lose it in the same change.
    const products = changed.filter((product) => !product.draft);
    const gone = [...removed, ...changed.filter((product) => product.draft).map((p) => p._id)];
    for (const product of products) {
      const known = this.entries.get(product._id);
      const old = known?.product;
      if (known && old && withoutStock(old) === withoutStock(product)) {
        // Stock alone: the listings keep the same object, so they show the new figures too.
        old.quantity = product.quantity;
        old.variants = product.variants;
        known.revision = this.revision;
        delete known.text;
        delete known.json;
        continue;
      }
      if (old) this.touchListings(old);
      this.touchListings(product);
      this.store(product);
      this.index.put(product);
      moved = true;
    }
    for (const id of gone) {
      const old = this.entries.get(id)?.product;
      if (!old) continue;
      this.touchListings(old);
      for (const sku of skusOf(old)) this.productOfSku.delete(sku);
      this.entries.delete(id);
      this.index.remove(id);
      moved = true;
    }
    if (categoryOrders) {
      const before = this.categoryOrders;
      this.setCategoryOrders(categoryOrders);
      for (const category of new Set([...before.keys(), ...this.categoryOrders.keys()])) {
        if (
          JSON.stringify(before.get(category)) !== JSON.stringify(this.categoryOrders.get(category))
        )
          this.categoryRevisions.set(category, this.revision);
      }
    }
    if (moved) this.derived = undefined;
    if (moved || categoryOrders) this.updateShelves();
  }

  // --- Versions (the pages' ETags) ---

  /**
   * The version of a product's page, or undefined when there is no such product. The page also
   * shows its related products (`related`), so the version of their listing is part of it.
   */
  productVersion(id: string): string | undefined {
    const entry = this.entries.get(id.toLowerCase());
    if (!entry) return undefined;
    const primary = entry.product.categorizations.find((each) => each.subcategory !== null);
    const related = primary
      ? (this.listingRevisions.get(listingKey(primary.category, primary.subcategory)) ?? 0)
      : 0;
    return `${this.boot}-${entry.revision}-${related}`;
  }

  /** The version of a category page. */
  categoryVersion(category: string): string {
    return `${this.boot}-${this.categoryRevisions.get(category) ?? 0}`;
  }

  /** The version of the featured products (the home page's carousel). */
  featuredVersion(): string {
    return `${this.boot}-${this.featuredRevision}`;
  }

  /** The version of a subcategory listing (all its pages). */
  listingVersion(category: string, subcategory: string): string {
    const revision = this.listingRevisions.get(listingKey(category, subcategory)) ?? 0;
    return `${this.boot}-${revision}`;
  }

  /**
   * The version of the list of categories and subcategories (`shelves`): every page shows it in
   * its menu and footer, so it is part of every kept page's version.
   */
  shelvesVersion(): number {
    return this.shelvesRevision;
  }

  // --- Reads ---

  /** Every category with its subcategories (the Shop all page, the menu and the footer). */
  shelves(): Shelf[] {
    return this.shelfList;
  }

  /** One product, or a NOT_FOUND error a page or the API turns into a 404. */
  product(id: string): ProductDto {
    return this.entry(id).product;
  }

  /** One product's API answer, serialised once per revision. */
  productJson(id: string): JsonBody {
    const entry = this.entry(id);
    entry.json ??= jsonBody(this.textOf(entry));
    return entry.json;
  }

  /**
   * An answer that lists products (search, listings, featured) as JSON: each product's text is
   * serialised once per revision and reused, so an answer costs little more than its page of ids.
   */
  answer(value: { products: ProductDto[] }): JsonBody {
    const { products, ...rest } = value;
    const list = products.map((product) => this.textOf(this.entry(product._id))).join(',');
    const others = JSON.stringify(rest);
    const text =
      others === '{}' ? `{"products":[${list}]}` : `{"products":[${list}],${others.slice(1)}`;
    return jsonBody(text);
  }

  /** The responsive image sets of a product and its variants, by path. */
  images(id: string): Record<string, ResponsiveImage> {
    return this.entry(id).images;
  }

  /** Featured products, by priority (missing priority last), then title. */
  featured(): ProductDto[] {
    return this.view().featured;
  }

  /** The section order of one category's page, by order. */
  categoryOrdersOf(category: string): CategoryOrderDto[] {
    return this.categoryOrders.get(category) ?? [];
  }

  /**
   * The products of a category page with its section order. Each section (a subcategory, or
   * 'Other' for products listed in the category without one) holds its first SECTION_LIMIT products
   * by priority, so a category of thousands stays one small answer; each section links to the rest.
   */
  categoryListing(category: string): CategoryListing {
    const products = categoryPageProducts(this.view(), category);
    return { products, catOrders: this.categoryOrdersOf(category) };
  }

  /** A subcategory listing (spec §2), by priority with missing priority last, LISTING_PAGE_SIZE a page. */
  subcategoryListing(category: string, subcategory: string, page = 1): SubcategoryListing {
    const all = this.view().listings.get(listingKey(category, subcategory)) ?? [];
    const start = (page - 1) * LISTING_PAGE_SIZE;
    return {
      products: all.slice(start, start + LISTING_PAGE_SIZE),
      pagination: { page, pages: pageCount(all.length, LISTING_PAGE_SIZE) },
    };
  }

  /**
   * The search page (spec §2, §3 Search response): text, price range, category, sort and page;
   * SEARCH_PAGE_SIZE a page. `categories` lists the categories of everything the text and prices
   * match, whatever category is chosen, so the shopper can switch between them.
   */
  search(filters: SearchFilters): SearchResult {
    return this.searchCounted(filters).result;
  }

  /**
   * `search`, with how many products matched in all (the search page's 'N results'), and when
   * its words match nothing, queries that would find something.
   */
  searchCounted(filters: SearchFilters): {
    result: SearchResult;
    total: number;
    suggestions?: string[];
  } {
    return searchCatalogue(this.view(), this.index, filters);
  }

  /** The header's suggestions for what the shopper has typed so far (./suggest.ts). */
  suggest(q: string): SuggestAnswer {
    return suggestCatalogue(this.view(), this.index, this.shelfList, q, (id, path) =>
      path ? (this.entries.get(id)?.images[path]?.thumb ?? null) : null,
    );
  }

  /**
   * Up to `limit` other products from the same subcategory listing as the product's first
   * categorization with a subcategory (the one its breadcrumbs name), in listing order; the
   * product page's "related products".
   */
  related(id: string, limit = 4): ProductDto[] {
    const product = this.entry(id).product;
    const primary = product.categorizations.find((entry) => entry.subcategory !== null);
    if (!primary) return [];
    const listing = this.view().listings.get(listingKey(primary.category, primary.subcategory));
    return (listing ?? []).filter((other) => other._id !== product._id).slice(0, limit);
  }

  // --- Internals ---

  private textOf(entry: Entry): string {
    entry.text ??= JSON.stringify(entry.product);
    return entry.text;
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id.toLowerCase());
    if (!entry) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    return entry;
  }

  private store(product: ProductDto): void {
    const old = this.entries.get(product._id);
    if (old) for (const sku of skusOf(old.product)) this.productOfSku.delete(sku);
    for (const sku of skusOf(product)) this.productOfSku.set(sku, product._id);
    this.entries.set(product._id, {
      product,
      revision: this.revision,
      images: productImages(product),
    });
  }

  /** Marks every listing a product appears in as changed. */
  private touchListings(product: ProductDto): void {
    if (product.isFeatured) this.featuredRevision = this.revision;
    for (const entry of product.categorizations) {
      this.categoryRevisions.set(entry.category, this.revision);
      if (entry.subcategory !== null)
        this.listingRevisions.set(listingKey(entry.category, entry.subcategory), this.revision);
    }
  }

  private setCategoryOrders(rows: CategoryOrderDto[]): void {
    this.categoryOrders = sectionOrders(rows);
  }

  private updateShelves(): void {
    const shelves = shelvesOf(
      [...this.entries.values()].map((entry) => entry.product),
      this.categoryOrders,
    );
    if (JSON.stringify(shelves) === JSON.stringify(this.shelfList)) return;
    this.shelfList = shelves;
    this.shelvesRevision = this.revision;
  }

  private view(): Derived {
    this.derived ??= deriveView(
      [...this.entries.values()].map((entry) => entry.product),
      (id) => this.index.documentOf(id),
    );
    return this.derived;
  }
}
