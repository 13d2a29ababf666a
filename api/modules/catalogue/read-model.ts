import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { dollarsToCents } from '../../../core/money';
import {
  LISTING_PAGE_SIZE,
  PRODUCT_MESSAGES,
  SEARCH_PAGE_SIZE,
  SECTION_LIMIT,
  type CategoryListing,
  type CategoryOrderDto,
  type ProductDto,
  type SearchFilters,
  type SearchResult,
  type SubcategoryListing,
  type VariantDto,
} from '../../../core/product/model';
import { productPriceCents } from '../../../core/product/price';
import { pageCount } from '../product/service';
import { jsonBody, type JsonBody } from './http';
import { productImages, type ResponsiveImage } from './images';
import { queryWords, SearchIndex } from './search-index';

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

/** What listings, search and pages derive from the products; rebuilt after a change that moves them. */
interface Derived {
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
interface SearchFact {
  product: ProductDto;
  cents: number;
  place: number;
  /** The numbers of the categories it is listed in (see `Derived.categoryNames`), each once. */
  categories: number[];
}

/**
 * The `size` smallest of what it is offered, by key then place (a bounded max-heap): a page of
 * search results without sorting every match.
 */
class Smallest {
  private readonly keys: number[] = [];
  private readonly places: number[] = [];
  private readonly items: ProductDto[] = [];

  constructor(private readonly size: number) {}

  private above(i: number, j: number): boolean {
    const keys = this.keys;
    return keys[i]! > keys[j]! || (keys[i] === keys[j] && this.places[i]! > this.places[j]!);
  }

  private swap(i: number, j: number): void {
    const { keys, places, items } = this;
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
    [places[i], places[j]] = [places[j]!, places[i]!];
    [items[i], items[j]] = [items[j]!, items[i]!];
  }

  offer(key: number, place: number, item: ProductDto): void {
    const { keys, places, items } = this;
    if (keys.length < this.size) {
      keys.push(key);
      places.push(place);
      items.push(item);
      for (let i = keys.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!this.above(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.size === 0 || key > keys[0]! || (key === keys[0] && place > places[0]!)) return;
    keys[0] = key;
    places[0] = place;
    items[0] = item;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < keys.length && this.above(left, top)) top = left;
      if (right < keys.length && this.above(right, top)) top = right;
      if (top === i) break;
      this.swap(i, top);
      i = top;
    }
  }

  /** What was kept, smallest first. */
  sorted(): ProductDto[] {
    const order = this.keys.map((_, index) => index);
    order.sort((a, b) => this.keys[a]! - this.keys[b]! || this.places[a]! - this.places[b]!);
    return order.map((index) => this.items[index]!);
  }
}

const titleOrder = new Intl.Collator('en').compare;
const priorityOf = (product: ProductDto) => product.priority ?? Number.POSITIVE_INFINITY;
const byListingOrder = (a: ProductDto, b: ProductDto) =>
  priorityOf(a) - priorityOf(b) ||
  titleOrder(a.title, b.title) ||
  (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

const listingKey = (category: string, subcategory: string | null) =>
  `${category}\u0000${subcategory ?? ''}`;

/** A product with every stock figure set to zero: two products alike but for stock compare equal. */
function withoutStock(product: ProductDto): string {
  const variants = product.isBundle
    ? (product.variants as VariantDto[][]).map((group) =>
        group.map((variant) => ({ ...variant, quantity: 0 })),
      )
    : (product.variants as VariantDto[]).map((variant) => ({ ...variant, quantity: 0 }));
  return JSON.stringify({ ...product, quantity: 0, variants });
}

function skusOf(product: ProductDto): string[] {
  const variants = product.isBundle
    ? (product.variants as VariantDto[][]).flat()
    : (product.variants as VariantDto[]);
  return variants.map((variant) => variant.sku);
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

  constructor(products: ProductDto[], categoryOrders: CategoryOrderDto[]) {
    for (const product of products) this.store(product);
    this.setCategoryOrders(categoryOrders);
    this.index = new SearchIndex(products);
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
   * Brings the model up to date: `products` are the changed products as the database now has them,
   * `removed` the ids no longer there, `categoryOrders` (when given) every section order.
   */
  apply(products: ProductDto[], removed: string[] = [], categoryOrders?: CategoryOrderDto[]): void {
    this.revision += 1;
    let moved = false;
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
    for (const id of removed) {
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

  // --- Reads ---

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
    const view = this.view();
    let products = view.categoryPages.get(category);
    if (!products) {
      const shown = new Set<string>();
      const counts = new Map<string, number>();
      for (const product of view.ordered) {
        const own = product.categorizations.filter((entry) => entry.category === category);
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

  /** `search`, with how many products matched in all (the search page's 'N results'). */
  searchCounted(filters: SearchFilters): { result: SearchResult; total: number } {
    const view = this.view();
    const words = queryWords(filters.q);
    const scores = words.length > 0 ? this.index.search(words) : undefined;
    const minCents = filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice);
    const maxCents = filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice);
    const page = filters.page ?? 1;
    const start = (page - 1) * SEARCH_PAGE_SIZE;
    // Only the matches up to the end of the asked page are kept in order; the rest are counted.
    const kept = new Smallest(start + SEARCH_PAGE_SIZE);
    const seen = new Uint8Array(view.categoryNames.length);
    const direction = filters.sort === 'priceDesc' ? -1 : 1;
    let count = 0;
    const consider = (fact: SearchFact, score: number) => {
      const cents = fact.cents;
      if (minCents !== undefined && cents < minCents) return;
      if (maxCents !== undefined && cents > maxCents) return;
      for (const category of fact.categories) seen[category] = 1;
      if (filters.category && !this.listedIn(fact.product, filters.category, filters.subcategory))
        return;
      count += 1;
      kept.offer(filters.sort ? direction * cents : -score, fact.place, fact.product);
    };
    if (scores) {
      const { documents, scores: relevance } = scores;
      for (let index = 0; index < documents.length; index += 1) {
        consider(view.factsByDocument[documents[index]!]!, relevance[index]!);
      }
    } else for (const fact of view.orderedFacts) consider(fact, 0);
    const categories: string[] = [];
    seen.forEach((flag, index) => {
      if (flag) categories.push(view.categoryNames[index]!);
    });
    const result = {
      products: kept.sorted().slice(start),
      pagination: { page, pages: pageCount(count, SEARCH_PAGE_SIZE) },
      categories: categories.sort(),
    };
    return { result, total: count };
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

  private listedIn(product: ProductDto, category: string, subcategory?: string): boolean {
    return product.categorizations.some(
      (entry) =>
        entry.category === category &&
        (subcategory === undefined || entry.subcategory === subcategory),
    );
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
    const byCategory = new Map<string, CategoryOrderDto[]>();
    for (const row of rows) {
      const list = byCategory.get(row.category) ?? [];
      list.push(row);
      byCategory.set(row.category, list);
    }
    for (const list of byCategory.values()) {
      list.sort((a, b) => a.order - b.order || titleOrder(a.subcategory, b.subcategory));
    }
    this.categoryOrders = byCategory;
  }

  /** The facts by document number (an array lookup per match, not a map lookup by id). */
  private factsByDocument(facts: SearchFact[]): SearchFact[] {
    const byDocument: SearchFact[] = [];
    for (const fact of facts) {
      const document = this.index.documentOf(fact.product._id);
      if (document !== undefined) byDocument[document] = fact;
    }
    return byDocument;
  }

  private view(): Derived {
    if (this.derived) return this.derived;
    const ordered = [...this.entries.values()].map((entry) => entry.product).sort(byListingOrder);
    const listings = new Map<string, ProductDto[]>();
    for (const product of ordered) {
      const keys = new Set(
        product.categorizations
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
      for (const entry of product.categorizations) {
        let number = categoryNumbers.get(entry.category);
        if (number === undefined) {
          number = categoryNumbers.size;
          categoryNumbers.set(entry.category, number);
        }
        categories.add(number);
      }
      return { product, cents: productPriceCents(product), place, categories: [...categories] };
    });
    this.derived = {
      ordered,
      place: new Map(ordered.map((product, index) => [product._id, index])),
      factsByDocument: this.factsByDocument(orderedFacts),
      orderedFacts,
      categoryNames: [...categoryNumbers.keys()],
      featured: ordered.filter((product) => product.isFeatured),
      listings,
      categoryPages: new Map(),
    };
    return this.derived;
  }
}
