import type { ResponsiveImage } from '../../core/images/product-images';
import type {
  CategoryListing,
  ProductDto,
  SearchFilters,
  SearchResult,
  SubcategoryListing,
} from '../../core/product/model';
import type { RestockConfirmation } from '../../core/restock/model';

/**
 * What the server entry (server/serve.ts) hands every page it renders, through Astro's `locals`
 * (src/env.d.ts): the catalogue the shop serves, the settings pages show, and the server's part
 * of the page pipeline. Pages import no server module: the server's state lives once, in the
 * server's bundle, and reaches Astro's bundle only through this.
 */
export interface PageServices {
  /** The catalogue read model the shop serves; rejects when it cannot be loaded. */
  catalogue(): Promise<PageCatalogue>;
  /** The server's log (api/lib/log.ts). */
  log(level: 'info' | 'error', message: string, fields?: Record<string, unknown>): void;
  /** PUBLIC_SITE_URL as the running server reads it. */
  siteUrl: string;
  payments: { provider: 'sandbox' | 'stripe'; stripePublishableKey: string | undefined };
  /** SHOP_EMAIL: the support address the policies give. */
  shopEmail: string;
  /** ORDER_RETENTION_DAYS: what the retention job keeps, as the privacy policy states it. */
  orderRetentionDays: number;
  /** Every listing and product page for sitemap.xml, with when each last changed. */
  sitemapEntries(site: URL): Promise<CatalogueSitemapEntry[]>;
  /** The products the shop serves with these slugs (blog links); a slug it lacks is absent. */
  productsBySlug(slugs: readonly string[]): Promise<Map<string, ProductDto>>;
  /**
   * What a back-in-stock confirmation link names (issue 36), read only: its page shows it and a
   * button that confirms; opening the link changes nothing.
   */
  restockConfirmation(token: string): Promise<RestockConfirmation>;
  /**
   * When a product arrives if ordered today (issue 41), counted on the shop calendar: for a parcel
   * the continental range (the page is the same for every visitor), for a download or a gift card
   * what happens instead. Null for an unknown product.
   */
  productArrival(productId: string): Promise<PageArrival | null>;
  /** The notice bar's dated notices today (issue 41): occasions' cut-offs, the shop's closures. */
  shopNotices(): Promise<{ text: string }[]>;
  /**
   * Around every page rendered on demand (src/middleware.ts): kept catalogue pages, security
   * headers, compression (server/pages/pipeline.ts).
   */
  pagePipeline(url: URL, request: Request, render: () => Promise<Response>): Promise<Response>;
}

/** A product page's arrival line: "Arrives Dec 16–19 if ordered today", or the digital words. */
export interface PageArrival {
  kind: 'parcel' | 'digital' | 'gift_card';
  text: string;
  /** A product that can be personalized: its slower window with the text (its lead time). */
  personalized?: string;
}

/** One <url> of sitemap.xml for a listing or a product page (server/pages/sitemap-products.ts). */
export interface CatalogueSitemapEntry {
  /** Absolute address. */
  loc: string;
  /** W3C date-time of the last change. */
  lastmod: string;
}

/** A category with its subcategories (api/modules/catalogue/listing-view.ts). */
export interface Shelf {
  category: string;
  subcategories: string[];
}

/** What pages read of the catalogue read model (api/modules/catalogue/read-model.ts). */
export interface PageCatalogue {
  productVersion(id: string): string | undefined;
  product(id: string): ProductDto;
  images(id: string): Record<string, ResponsiveImage>;
  related(id: string, limit?: number): ProductDto[];
  featured(): ProductDto[];
  /** Every category with its subcategories, categories by name. */
  shelves(): Shelf[];
  categoryListing(category: string): CategoryListing;
  subcategoryListing(category: string, subcategory: string, page?: number): SubcategoryListing;
  /** A search, its total, and for words that match nothing, queries that would find something. */
  searchCounted(filters: SearchFilters): {
    result: SearchResult;
    total: number;
    suggestions?: string[] | undefined;
  };
}
