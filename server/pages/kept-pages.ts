import { LRUCache } from 'lru-cache';
import { etagMatches } from '../../api/lib/etag';
import type { CatalogueModel } from '../../api/modules/catalogue';
import { addDays } from '../../core/dates';
import { shopDayOf, shopMidnight } from '../../core/shop-calendar';
import { CATALOGUE_PAGE_CACHE } from '../../src/lib/catalogue-paths';
import { compress } from '../compress';
import type { Encoding } from '../http/encoding';
import { notModifiedHeaders, servedHeaders } from './page-headers';
import { catalogueVersion, type PageVersion } from './versions';

/** How many rendered pages are kept, and their total size (each form of a page counted). */
const MAX_PAGES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

/** A kept page: its HTML once, and each compressed form once it has been asked for. */
export interface RenderedPage {
  key: string;
  etag: string;
  body: string;
  bytes: number;
  status: number;
  /** The headers Astro rendered it with, and its ETag and caching. */
  headers: [string, string][];
  /** The headers the server entry sends it with: Astro's, the security headers, ETag, caching. */
  served: [string, string][];
  /** The page as bytes, and brotli / gzip forms, made on first use. */
  forms: Partial<Record<'identity' | Encoding, Promise<Buffer>>>;
}

/** What the server entry answers for a catalogue page it may serve without Astro. */
export type KeptAnswer =
  | { status: 304; headers: [string, string][] }
  | { status: 200; page: RenderedPage; headers: [string, string][] };

export interface PageCacheOptions {
  /** The clock (tests set it): which shop day a kept page belongs to. */
  now?: () => Date;
  /**
   * The version of what every kept page also shows beside the catalogue: the owner's arrival
   * settings (closures, occasions, transit days) its arrival line and notice bar are counted from.
   */
  settingsVersion?: () => Promise<string>;
}

/** How long a page rendered at `at` stays good: until the next midnight, shop time. */
export function untilShopMidnight(at: Date): number {
  return shopMidnight(addDays(shopDayOf(at), 1)).getTime() - at.getTime();
}

/**
 * Product, category and subcategory pages and the home page are rendered once per catalogue
 * version of what they show (./versions.ts) and kept in memory (bounded, least recently used):
 * the next visitor gets the same HTML without rendering (the server entry answers it before Astro
 * runs, compressed once per form), a browser that has it gets a 304, and a change to a product
 * re-renders only the pages that show it. Search pages are not kept: their queries never end.
 *
 * A kept page is good for its shop day only (issue 41): its "Arrives Dec 16–19 if ordered today"
 * and the notice bar's cut-offs are counted from that day and from the owner's arrival settings,
 * so the version names both: the first visitor after midnight (shop time), or after the owner
 * adds a closure or an occasion, gets a page rendered anew, never the old one.
 */
export function createPageCache(
  catalogue: () => Promise<CatalogueModel>,
  { now = () => new Date(), settingsVersion = async () => '' }: PageCacheOptions = {},
) {
  const rendered = new LRUCache<string, RenderedPage>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.bytes,
  });
  /** Pages being rendered now, by key and ETag: visitors arriving together share one rendering. */
  const rendering = new Map<string, Promise<RenderedPage | undefined>>();

  const versionOf = (url: URL) => datedVersion(url, catalogue, settingsVersion, now());

  /**
   * A catalogue page the process has kept for the current version of what it shows: a 304 when
   * the client's If-None-Match names that version, the kept page otherwise, and undefined when
   * it is not a catalogue page or has not been rendered at this version (Astro renders it).
   */
  async function keptPage(
    url: URL,
    ifNoneMatch: string | null | undefined,
  ): Promise<KeptAnswer | undefined> {
    const page = await versionOf(url);
    if (!page) return undefined;
    const etag = `W/"${page.version}"`;
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers: notModifiedHeaders(etag) };
    const kept = rendered.get(page.key);
    if (kept?.etag !== etag) return undefined;
    return { status: 200, page: kept, headers: kept.served };
  }

  /**
   * Astro's side (through src/middleware.ts): answers a catalogue page from the cache, or renders
   * it once for its version and keeps it. Not a catalogue page: rendered as usual.
   */
  async function keepRendered(
    url: URL,
    request: Request,
    render: () => Promise<Response>,
  ): Promise<Response> {
    if (request.method !== 'GET') return render();
    const page = await versionOf(url);
    if (!page) return render();
    const etag = `W/"${page.version}"`;
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: notModifiedHeaders(etag) });
    }
    const kept = rendered.get(page.key);
    if (kept?.etag === etag) return reply(kept);
    const renderKey = `${page.key} ${etag}`;
    const pending = rendering.get(renderKey);
    if (pending) {
      const shared = await pending;
      return shared ? reply(shared) : render();
    }
    let response: Response | undefined;
    const work = (async () => {
      response = await render();
      return keep(rendered, page.key, etag, response, now());
    })();
    rendering.set(renderKey, work);
    const done = await work.finally(() => rendering.delete(renderKey));
    return done ? reply(done) : response!;
  }

  return {
    keptPage,
    /** A kept page's body in one form (identity, br or gzip), made once and then reused. */
    pageBody: (page: RenderedPage, encoding: 'identity' | Encoding) =>
      bodyIn(rendered, page, encoding),
    keepRendered,
  };
}

type KeptPages = LRUCache<string, RenderedPage>;

/** A page's version: its catalogue version, the shop day and the arrival settings' version. */
async function datedVersion(
  url: URL,
  catalogue: () => Promise<CatalogueModel>,
  settingsVersion: () => Promise<string>,
  at: Date,
): Promise<PageVersion | undefined> {
  let page: PageVersion | undefined;
  let settings: string;
  try {
    page = catalogueVersion(url, await catalogue());
    if (!page) return undefined;
    settings = await settingsVersion();
  } catch {
    return undefined;
  }
  const dated = `${page.version}-${shopDayOf(at)}${settings && `-${settings}`}`;
  return { key: page.key, version: dated };
}

function bodyIn(
  rendered: KeptPages,
  page: RenderedPage,
  encoding: 'identity' | Encoding,
): Promise<Buffer> {
  const known = page.forms[encoding];
  if (known) return known;
  const raw = (page.forms.identity ??= Promise.resolve(Buffer.from(page.body)));
  if (encoding === 'identity') return raw;
  const made = raw.then((bytes) => compress(bytes, encoding));
  page.forms[encoding] = made;
  void made.then((bytes) => {
    page.bytes += bytes.byteLength;
    // Counted again at its new size, if it is still kept (until the same midnight).
    if (rendered.peek(page.key) === page) {
      rendered.set(page.key, page, { ttl: rendered.getRemainingTTL(page.key) });
    }
  });
  return made;
}

/** Keeps a rendered page (an HTML 200 only) under its key and ETag, until the shop's midnight. */
async function keep(
  rendered: KeptPages,
  key: string,
  etag: string,
  response: Response,
  at: Date,
): Promise<RenderedPage | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.includes('text/html')) return undefined;
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  headers.set('cache-control', CATALOGUE_PAGE_CACHE);
  const list = [...headers];
  const done: RenderedPage = {
    key,
    etag,
    body,
    bytes: body.length * 2,
    status: 200,
    headers: list,
    served: servedHeaders(list),
    forms: {},
  };
  // Its ETag names its day: after midnight it is never served again, and its room is freed.
  rendered.set(key, done, { ttl: untilShopMidnight(at) });
  return done;
}

export type PageCache = ReturnType<typeof createPageCache>;

function reply(page: RenderedPage): Response {
  return new Response(page.body, { status: page.status, headers: page.headers });
}
