import {
  isProductId,
  searchQuery,
  type ProductDto,
  type SearchResult,
  type SubcategoryListing,
} from '../../core/product/model';
import { isDigitalKind } from '../../core/product/kind';
import { listingTitle } from './listing-title';
import { listingHref, searchPageHref } from './navigation';
import type { ResponsiveImage } from '../../core/images/product-images';
import type { PageCatalogue, PageServices } from './page-services';
import { groupIntoSections, type Section } from './sections';
import { categoryLinks } from './shelves';

/**
 * What each catalogue page shows, read from the in-memory catalogue the server hands pages
 * (`Astro.locals.shop`, src/lib/page-services.ts): one function a page, so pages hold no database access, error mapping or image sizing. A catalogue
 * that cannot be loaded (the database is down at start) is logged here and shown as the spec's
 * failure messages.
 */

/** One step of a page's breadcrumbs (as components/product/Breadcrumbs.astro takes them). */
export interface Crumb {
  label: string;
  href?: string | undefined;
}

async function catalogue(shop: PageServices, page: string): Promise<PageCatalogue | undefined> {
  try {
    return await shop.catalogue();
  } catch (error) {
    shop.log('error', `${page} failed`, { error: String(error) });
    return undefined;
  }
}

export interface ProductPage {
  status: 200 | 404 | 503;
  /** Absent when the page is a failure ('missing' for 404, 'broken' for 503). */
  product?: ProductDto | undefined;
  failure?: 'missing' | 'broken';
  images: Record<string, ResponsiveImage>;
  trail: Crumb[];
  showRatings: boolean;
}

const failedProductPage = (failure: 'missing' | 'broken'): ProductPage => ({
  status: failure === 'missing' ? 404 : 503,
  failure,
  images: {},
  trail: [],
  showRatings: false,
});

/** The product page (spec §2 Product detail): the product, its image sets and its breadcrumbs. */
export async function productPage(shop: PageServices, id: string): Promise<ProductPage> {
  const model = await catalogue(shop, 'product page');
  if (!model) return failedProductPage('broken');
  if (!isProductId(id) || !model.productVersion(id)) return failedProductPage('missing');
  const product = model.product(id);
  const primary = product.categorizations.find((entry) => entry.subcategory);
  const trail: Crumb[] = [
    ...(primary
      ? [
          { label: primary.category, href: listingHref({ label: '', category: primary.category }) },
          {
            label: primary.subcategory!,
            href: listingHref({
              label: '',
              category: primary.category,
              subcategory: primary.subcategory!,
            }),
          },
        ]
      : []),
    { label: product.title },
  ];
  return {
    status: 200,
    product,
    images: model.images(id),
    trail,
    showRatings: !isDigitalKind(product),
  };
}

/**
 * The product page's related products: up to four others from its subcategory, read from the
 * in-memory catalogue; none when the catalogue cannot be read (the page still sells).
 */
export async function relatedProducts(shop: PageServices, id: string): Promise<ProductDto[]> {
  const model = await catalogue(shop, 'related products');
  if (!model || !isProductId(id) || !model.productVersion(id)) return [];
  return model.related(id, 4);
}

export interface CategoryPage {
  status: 200 | 404 | 503;
  sections: Section[];
}

/** A category page (spec §2 Category page): its sections in the shop's order. */
export async function categoryPage(shop: PageServices, category: string): Promise<CategoryPage> {
  const model = await catalogue(shop, 'category page');
  if (!model) return { status: 503, sections: [] };
  const listing = model.categoryListing(category);
  const sections = groupIntoSections(listing.products, category, listing.catOrders);
  return { status: sections.length === 0 ? 404 : 200, sections };
}

export interface SubcategoryPage extends SubcategoryListing {
  status: 200 | 404;
  title: string;
  here: string;
}

/** A subcategory listing page (spec §2 Listings); a failure shows an empty list (spec §8). */
export async function subcategoryPage(
  shop: PageServices,
  category: string,
  subcategory: string,
  page: number,
): Promise<SubcategoryPage> {
  const model = await catalogue(shop, 'subcategory page');
  const listing = model?.subcategoryListing(category, subcategory, page) ?? {
    products: [],
    pagination: { page, pages: 1 },
  };
  return {
    ...listing,
    status: listing.products.length > 0 ? 200 : 404,
    title: listingTitle(category, subcategory),
    here: listingHref({ label: subcategory, category, subcategory }),
  };
}

export interface SearchPage {
  status: 200 | 400 | 503;
  result: SearchResult;
  /** How many products were found in all (the page's 'N results'). */
  total: number;
  problem?: string | undefined;
  q: string;
  category: string;
  sort: string;
  /** The address of another page of the same results. */
  pageHref(page: number): string;
  /**
   * Where to send a request for a page past the last (a shared link to results that have since
   * shrunk): the last page. Undefined otherwise.
   */
  redirect?: string | undefined;
  /** When the words matched nothing: queries that would find something (issue 24). */
  suggestions?: string[] | undefined;
  /** When nothing was found: every category's page, to browse instead. */
  categories?: { label: string; href: string }[] | undefined;
}

/**
 * The search page (spec §2 Search). The URL is the state: the form submits with GET, so reload,
 * back and forward, bookmarks and shared links all show the same results.
 */
export async function searchPage(shop: PageServices, url: URL): Promise<SearchPage> {
  const parsed = searchQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : {};
  const pageHref = (page: number) => searchPageHref(url.searchParams, { page });
  const base = {
    q: query.q ?? '',
    category: query.category ?? '',
    sort: query.sort ?? '',
    pageHref,
  };
  const empty: SearchResult = { products: [], pagination: { page: 1, pages: 1 }, categories: [] };
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message;
    return { ...base, status: 400, result: empty, total: 0, problem };
  }
  const model = await catalogue(shop, 'search page');
  if (!model) {
    const problem = 'Search is not working right now. Please try again in a moment.';
    return { ...base, status: 503, result: empty, total: 0, problem };
  }
  const found = model.searchCounted(parsed.data);
  const { page, pages } = found.result.pagination;
  const categories = found.total === 0 ? categoryLinks(model.shelves()) : undefined;
  return {
    ...base,
    status: 200,
    ...found,
    categories,
    redirect: page > pages ? pageHref(pages) : undefined,
  };
}
