import type { MiddlewareHandler } from 'astro';
import { applySecurityHeaders, pageContentSecurityPolicy } from '../../api/lib/security-headers';
import { etagMatches } from '../../api/modules/catalogue/http';
import { appCatalogue } from '../../api/modules/catalogue';
import { compress, compressResponse, varyOnEncoding, type Encoding } from '../../server/compress';

/**
 * Catalogue pages: a CDN may keep one for a few seconds and serve it stale for a minute while it
 * revalidates; browsers revalidate every time (max-age=0) and get a 304 while the version holds.
 * Prices and stock are checked again in the cart and at checkout.
 */
export const CATALOGUE_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** How many rendered pages are kept, and their total size (each form of a page counted). */
const MAX_PAGES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

/** A kept page: its HTML once, and each compressed form once it has been asked for. */
export interface RenderedPage {
  etag: string;
  body: string;
  bytes: number;
  status: number;
  /** The headers Astro rendered it with (security headers are added around them). */
  headers: [string, string][];
  /** The headers the server entry sends it with: Astro's, the security headers, ETag, caching. */
  served?: [string, string][];
  /** The page as bytes, and brotli / gzip forms, made on first use. */
  forms: Partial<Record<'identity' | Encoding, Promise<Buffer>>>;
}

interface Store {
  /** Rendered catalogue pages, least recently used first (a Map keeps insertion order). */
  rendered: Map<string, RenderedPage>;
  bytes: number;
  /** Pages being rendered now, by path and version. */
  rendering: Map<string, Promise<RenderedPage | undefined>>;
}

/**
 * One store for the process: the server entry (server/serve.ts) answers kept pages before Astro
 * runs, and Astro's bundle, which carries its own copy of this module, fills it.
 */
const STORE = Symbol.for('evergreen.pageCache');
type Holder = { [STORE]?: Store };
function store(): Store {
  return ((globalThis as Holder)[STORE] ??= {
    rendered: new Map(),
    bytes: 0,
    rendering: new Map(),
  });
}

function forget(key: string): void {
  const kept = store();
  const page = kept.rendered.get(key);
  if (!page) return;
  kept.rendered.delete(key);
  kept.bytes -= page.bytes;
}

function remember(key: string, page: RenderedPage): void {
  const kept = store();
  forget(key);
  kept.rendered.set(key, page);
  kept.bytes += page.bytes;
  for (const oldest of kept.rendered.keys()) {
    if (kept.rendered.size <= MAX_PAGES && kept.bytes <= MAX_BYTES) break;
    forget(oldest);
  }
}

/** Forgets every kept page (tests). */
export function forgetKeptPages(): void {
  const kept = store();
  kept.rendered.clear();
  kept.bytes = 0;
}

/**
 * Which catalogue page a path is and the version of what it shows: the home page follows the
 * featured products, a product page its product and its related products' listing, a category
 * page its category, a subcategory page (each of its pages) its listing.
 * Anything else (and an unknown product) is rendered as usual.
 */
async function catalogueVersion(url: URL): Promise<{ key: string; version: string } | undefined> {
  const home = url.pathname === '/';
  const product = /^\/productdetailpage\/([^/]+)\/?$/.exec(url.pathname);
  const listing = url.pathname.startsWith('/products/');
  if (!home && !product && !listing) return undefined;
  const catalogue = await appCatalogue();
  if (home) return { key: '/', version: catalogue.featuredVersion() };
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
  const [category, subcategory, ...rest] = pathSegments(url, '/products/');
  if (!category || rest.length > 0) return undefined;
  if (!subcategory) return { key: url.pathname, version: catalogue.categoryVersion(category) };
  const page = pageParam(url.searchParams.get('page'));
  return {
    key: `${url.pathname}?page=${page}`,
    version: catalogue.listingVersion(category, subcategory),
  };
}

/** What the server entry answers for a catalogue page it may serve without Astro. */
export type KeptAnswer =
  | { status: 304; headers: [string, string][] }
  | { status: 200; page: RenderedPage; headers: [string, string][] };

/**
 * A catalogue page the process has kept for the current version of what it shows, as the server
 * entry sends it: a 304 when the client's If-None-Match names that version, the kept page
 * otherwise, and undefined when it is not a catalogue page or has not been rendered at this
 * version (Astro renders it, and the middleware below keeps it).
 */
export async function keptPage(
  url: URL,
  ifNoneMatch: string | null | undefined,
): Promise<KeptAnswer | undefined> {
  const page = await catalogueVersion(url).catch(() => undefined);
  if (!page) return undefined;
  const etag = `W/"${page.version}"`;
  if (etagMatches(ifNoneMatch ?? null, etag)) {
    return { status: 304, headers: notModifiedHeaders(etag) };
  }
  const kept = store().rendered.get(page.key);
  if (kept?.etag !== etag) return undefined;
  remember(page.key, kept);
  kept.served ??= servedHeaders(kept);
  return { status: 200, page: kept, headers: kept.served };
}

/** A kept page's body in one form (identity, br or gzip), made once and then reused. */
export function pageBody(page: RenderedPage, encoding: 'identity' | Encoding): Promise<Buffer> {
  const known = page.forms[encoding];
  if (known) return known;
  const raw = (page.forms.identity ??= Promise.resolve(Buffer.from(page.body)));
  if (encoding === 'identity') return raw;
  const made = raw.then((bytes) => compress(bytes, encoding));
  page.forms[encoding] = made;
  void made.then((bytes) => {
    page.bytes += bytes.byteLength;
    store().bytes += bytes.byteLength;
  });
  return made;
}

function notModifiedHeaders(etag: string): [string, string][] {
  return [
    ['etag', etag],
    ['cache-control', CATALOGUE_PAGE_CACHE],
    ['vary', 'Accept-Encoding'],
  ];
}

function servedHeaders(page: RenderedPage): [string, string][] {
  const headers = new Headers(page.headers);
  applySecurityHeaders(headers, pageContentSecurityPolicy(headers.get('content-security-policy')));
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  headers.set('vary', varyOnEncoding(headers.get('vary')));
  return [...headers];
}

/**
 * Product, category and subcategory pages are rendered once per catalogue version of what they
 * show and kept in memory (bounded, least recently used): the next visitor gets the same HTML
 * without rendering (the server entry answers it before Astro runs, compressed once per form), a
 * browser that has it gets a 304, and a change to a product re-renders only the pages that show
 * it. Search pages are not kept: their queries never end.
 */
export const cataloguePages: MiddlewareHandler = async (context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  const page = await catalogueVersion(context.url).catch(() => undefined);
  if (!page) return next();
  const etag = `W/"${page.version}"`;
  if (etagMatches(context.request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(etag) });
  }
  const { rendered, rendering } = store();
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
    const done: RenderedPage = {
      etag,
      body,
      bytes: body.length * 2,
      status: 200,
      headers: [...headers],
      forms: {},
    };
    remember(page.key, done);
    return done;
  })();
  rendering.set(renderKey, work);
  const done = await work.finally(() => rendering.delete(renderKey));
  return done ? reply(done) : response!;
};

function reply(page: RenderedPage): Response {
  // A Headers object, not a list: the server's fetch bridge (@hono/node-server) replaces the
  // global Response with one that, given a list, later rebuilds the headers from that list and
  // drops what the security middleware set on them (the page's full Content-Security-Policy).
  return new Response(page.body, { status: page.status, headers: new Headers(page.headers) });
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

/**
 * Pages rendered on demand (search, the home page, account pages…) are sent compressed when the
 * client accepts it (server/compress.ts); kept catalogue pages are compressed once by the server
 * entry instead.
 */
export const compressPages: MiddlewareHandler = async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : compressResponse(context.request, response);
};
