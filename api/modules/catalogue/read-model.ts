import { AppError } from '../../lib/errors';
import {
  PRODUCT_MESSAGES,
  type CategoryListing,
  type CategoryOrderDto,
  type ProductDto,
  type SearchFilters,
  type SearchResult,
  type SubcategoryListing,
} from '../../../core/product/model';
import { jsonBody, listAnswer, type JsonBody } from './http';
import type { ResponsiveImage } from '../../../core/images/product-images';
import { productImages } from './images';
import { skusOf, withoutStock } from './product-skus';
import {
  categoryPageProducts,
  listingPage,
  deriveView,
  sectionOrders,
  shelvesOf,
  listingKey,
  type Derived,
  type Shelf,
} from './listing-view';
import { CatalogueVersions } from './read-model-versions';
import { SearchIndex } from './search-index';
import { searchCatalogue } from './search-page';
import { suggestCatalogue } from './suggest';
import type { SuggestAnswer } from '../../../core/product/suggest';
import { PricingDay, pricedOn, repricedOn, scheduleOf } from './sale-pricing';

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
export class CatalogueModel extends CatalogueVersions {
  private readonly entries = new Map<string, Entry>();
  private readonly productOfSku = new Map<string, string>();
  private categoryOrders = new Map<string, CategoryOrderDto[]>();
  private readonly index: SearchIndex;
  private readonly pricing: PricingDay;
  private derived: Derived | undefined;
  private shelfList: Shelf[] = [];
  /** The products with a sale (issue 42), on or not: those a new shop day may price anew. */
  private readonly onSchedule = new Set<string>();

  /** `now`: the clock (tests pass their own) telling the shop day sales are applied for. */
  constructor(products: ProductDto[], categoryOrders: CategoryOrderDto[], now = () => new Date()) {
    super();
    this.pricing = new PricingDay(now);
    const shown = products.filter((product) => !product.draft);
    for (const product of shown) this.store(product);
    this.categoryOrders = sectionOrders(categoryOrders);
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

  /** Brings the model up to date with changed products, removed ids and (given) section orders. */
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
      // Stock alone: the listings keep the same object, so they show the new figures too. (Not for
      // a product with a sale: its regular prices, kept for another day, carry stock too.)
      const plain = old && !scheduleOf(old) && !scheduleOf(product);
      if (known && plain && withoutStock(old) === withoutStock(product)) {
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
      this.onSchedule.delete(id);
      this.index.remove(id);
      moved = true;
    }
    if (categoryOrders) {
      const before = this.categoryOrders;
      this.categoryOrders = sectionOrders(categoryOrders);
      this.touchCategoryOrders(before, this.categoryOrders);
    }
    if (moved) this.derived = undefined;
    if (moved || categoryOrders) this.updateShelves();
  }

  /** A product page's version (undefined: no such product), its related products' listing's included. */
  productVersion(id: string): string | undefined {
    this.priceForToday();
    const entry = this.entries.get(id.toLowerCase());
    if (!entry) return undefined;
    const primary = entry.product.categorizations.find((each) => each.subcategory !== null);
    const related = primary
      ? (this.listingRevisions.get(listingKey(primary.category, primary.subcategory)) ?? 0)
      : 0;
    return `${this.boot}-${entry.revision}-${related}`;
  }

  /** Every category with its subcategories (the Shop all page, the menu and the footer). */
  shelves(): Shelf[] {
    this.priceForToday();
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

  /** An answer listing products as JSON, each product's text serialised once per revision. */
  answer(value: { products: ProductDto[] }): JsonBody {
    const { products, ...rest } = value;
    return listAnswer(
      products.map((product) => this.textOf(this.entry(product._id))),
      rest,
    );
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

  /** A category page's products (each section's first SECTION_LIMIT) with its section order. */
  categoryListing(category: string): CategoryListing {
    const products = categoryPageProducts(this.view(), category);
    return { products, catOrders: this.categoryOrdersOf(category) };
  }

  /** A subcategory listing (spec §2), by priority with missing priority last, LISTING_PAGE_SIZE a page. */
  subcategoryListing(category: string, subcategory: string, page = 1): SubcategoryListing {
    return listingPage(this.view().listings.get(listingKey(category, subcategory)) ?? [], page);
  }

  /** The search page (spec §2, §3 Search response), SEARCH_PAGE_SIZE a page (./search-page.ts). */
  search(filters: SearchFilters): SearchResult {
    return this.searchCounted(filters).result;
  }

  /** `search`, with how many matched in all, and queries that would find something when none did. */
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

  /** The product page's related products: others of its breadcrumbs' listing, in its order. */
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
    this.priceForToday();
    const entry = this.entries.get(id.toLowerCase());
    if (!entry) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    return entry;
  }

  private store(given: ProductDto): void {
    // Priced for the model's own day, whichever day the database read priced it for.
    const schedule = scheduleOf(given);
    const product = schedule ? pricedOn(schedule, this.pricing.day) : given;
    if (schedule) this.onSchedule.add(product._id);
    else this.onSchedule.delete(product._id);
    const old = this.entries.get(product._id);
    if (old) for (const sku of skusOf(old.product)) this.productOfSku.delete(sku);
    for (const sku of skusOf(product)) this.productOfSku.set(sku, product._id);
    this.entries.set(product._id, {
      product,
      revision: this.revision,
      images: productImages(product),
    });
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

  /** On a new shop day's first read, the products with a sale are priced for it (issue 42). */
  private priceForToday(): void {
    if (!this.pricing.turned()) return;
    const scheduled = [...this.onSchedule].map((id) => this.entries.get(id)!.product);
    const repriced = repricedOn(scheduled, this.pricing.day);
    if (repriced.length === 0) return;
    this.revision += 1;
    for (const product of repriced) {
      this.touchListings(this.entries.get(product._id)!.product);
      this.touchListings(product);
      this.store(product);
    }
    this.derived = undefined;
    this.updateShelves();
  }

  private view(): Derived {
    this.priceForToday();
    this.derived ??= deriveView(
      [...this.entries.values()].map((entry) => entry.product),
      (id) => this.index.documentOf(id),
    );
    return this.derived;
  }
}
