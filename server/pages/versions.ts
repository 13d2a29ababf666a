import type { CatalogueModel } from '../../api/modules/catalogue';
import { pageParam, pathSegments } from '../../src/lib/catalogue-paths';

/** A catalogue page's key in the page cache, and the version of what it shows. */
export interface PageVersion {
  key: string;
  version: string;
}

const PRODUCT_PATH = /^\/productdetailpage\/([^/]+)\/?$/;

/**
 * Which catalogue page a path is and the version of what it shows: the home page follows the
 * featured products, a product page its product and its related products' listing, a category
 * page its category, a subcategory page (each of its pages) its listing.
 * Anything else (and an unknown product) is undefined: it is rendered as usual, never kept. The
 * Shop all page (/products/) is one of these: it costs a walk over the categories, no more.
 */
export function catalogueVersion(url: URL, catalogue: CatalogueModel): PageVersion | undefined {
  const page = pageVersion(url, catalogue);
  // Every page's menu and footer list the categories: a new category re-renders them all.
  return page && { key: page.key, version: `${page.version}-${catalogue.shelvesVersion()}` };
}

function pageVersion(url: URL, catalogue: CatalogueModel): PageVersion | undefined {
  if (url.pathname === '/') return { key: '/', version: catalogue.featuredVersion() };
  const product = PRODUCT_PATH.exec(url.pathname);
  if (product) {
    let id: string;
    try {
      id = decodeURIComponent(product[1]!);
    } catch {
      return undefined;
    }
    const version = catalogue.productVersion(id);
    return version ? { key: url.pathname, version } : undefined;
  }
  if (!url.pathname.startsWith('/products/')) return undefined;
  const [category, subcategory, ...rest] = pathSegments(url, '/products/');
  if (!category || rest.length > 0) return undefined;
  if (!subcategory) return { key: url.pathname, version: catalogue.categoryVersion(category) };
  const page = pageParam(url.searchParams.get('page'));
  return {
    key: `${url.pathname}?page=${page}`,
    version: catalogue.listingVersion(category, subcategory),
  };
}

/** Whether a path may be a kept catalogue page: home, products and listings. */
export function mayBeKept(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname.startsWith('/productdetailpage/') ||
    pathname.startsWith('/products/')
  );
}
