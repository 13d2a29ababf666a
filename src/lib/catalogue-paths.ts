/**
 * Catalogue pages: a CDN may keep one for a few seconds and serve it stale for a minute while it
 * revalidates; browsers revalidate every time (max-age=0) and get a 304 while the version holds
 * (server/pages/kept-pages.ts). Prices and stock are checked again in the cart and at checkout.
 */
export const CATALOGUE_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** A whole positive page number from a query parameter, else 1. */
export function pageParam(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/**
 * The decoded path segments after a prefix, e.g. ['Gift Collection', 'Under $30'] for
 * /products/Gift%20Collection/Under%20%2430. Astro's params are decoded with decodeURI, which leaves
 * reserved characters such as %24 ($) encoded, so listing pages read the path themselves.
 */
export function pathSegments(url: URL, prefix: string): string[] {
  return url.pathname
    .slice(prefix.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}
