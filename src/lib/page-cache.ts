import type { MiddlewareHandler } from 'astro';
import { etagMatches } from '../../api/modules/catalogue/http';
import { appCatalogue } from '../../api/modules/catalogue';

/**
 * Catalogue pages: a CDN may keep one for a few seconds and serve it stale for a minute while it
 * revalidates; browsers revalidate every time (max-age=0) and get a 304 while the version holds.
 * Prices and stock are checked again in the cart and at checkout.
 */
export const CATALOGUE_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** How many rendered pages are kept, and their total size. */
const MAX_PAGES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

interface RenderedPage {
  etag: string;
  body: string;
  bytes: number;
  status: number;
  headers: [string, string][];
}

/** Rendered catalogue pages, least recently used first (a Map keeps insertion order). */
const rendered = new Map<string, RenderedPage>();
let renderedBytes = 0;
/** Pages being rendered now, by path and version. */
const rendering = new Map<string, Promise<RenderedPage | undefined>>();

function forget(key: string): void {
  const page = rendered.get(key);
  if (!page) return;
  rendered.delete(key);
  renderedBytes -= page.bytes;
}

function remember(key: string, page: RenderedPage): void {
  forget(key);
  rendered.set(key, page);
  renderedBytes += page.bytes;
  for (const oldest of rendered.keys()) {
    if (rendered.size <= MAX_PAGES && renderedBytes <= MAX_BYTES) break;
    forget(oldest);
  }
}

/**
 * Which catalogue page a path is and the version of what it shows: a product page follows its
 * product, a category page its category, a subcategory page (each of its pages) its listing.
 * Anything else (and an unknown product) is rendered as usual.
 */
async function catalogueVersion(url: URL): Promise<{ key: string; version: string } | undefined> {
  const product = /^\/productdetailpage\/([^/]+)\/?$/.exec(url.pathname);
  const listing = url.pathname.startsWith('/products/');
  if (!product && !listing) return undefined;
  const catalogue = await appCatalogue();
  if (product) {
    const version = catalogue.productVersion(decodeURIComponent(product[1]!));
    return version ? { key: url.pathname, version } : undefined;
  }
  const [category, subcategory, ...rest] = pathSegments(url, '/products/');
  if (!category || rest.length > 0) return undefined;
  if (!subcategory) return { key: url.pathname, version: catalogue.categoryVersion(category) };
  const page = pageParam(url.searchParams.get('page'));
  return {
    key: `${url.pathname}?page=${page}`,
    version: catalogue.listingVersion(category, subcategory),
  };
}

/**
 * Product, category and subcategory pages are rendered once per catalogue version of what they
 * show and kept in memory (bounded, least recently used): the next visitor gets the same HTML
 * without rendering, a browser that has it gets a 304, and a change to a product re-renders only
 * the pages that show it. Search pages are not kept: their queries never end.
 */
export const cataloguePages: MiddlewareHandler = async (context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  const page = await catalogueVersion(context.url).catch(() => undefined);
  if (!page) return next();
  const etag = `W/"${page.version}"`;
  if (etagMatches(context.request.headers.get('if-none-match'), etag)) {
    return new Response(null, {
      status: 304,
      headers: { etag, 'cache-control': CATALOGUE_PAGE_CACHE },
    });
  }
  const kept = rendered.get(page.key);
  if (kept?.etag === etag) {
    remember(page.key, kept);
    return reply(kept);
  }
  // Visitors arriving together while a page renders share that one rendering.
  const renderKey = `${page.key} ${etag}`;
  const pending = rendering.get(renderKey);
  if (pending) {
    const shared = await pending;
    return shared ? reply(shared) : next();
  }
  let response: Response | undefined;
  const work = (async () => {
    response = await next();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.includes('text/html')) return undefined;
    const body = await response.text();
    const headers = new Headers(response.headers);
    headers.set('etag', etag);
    headers.set('cache-control', CATALOGUE_PAGE_CACHE);
    const done = { etag, body, bytes: body.length * 2, status: 200, headers: [...headers] };
    remember(page.key, done);
    return done;
  })();
  rendering.set(renderKey, work);
  const done = await work.finally(() => rendering.delete(renderKey));
  return done ? reply(done) : response!;
};

function reply(page: RenderedPage): Response {
  return new Response(page.body, { status: page.status, headers: page.headers });
}

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
