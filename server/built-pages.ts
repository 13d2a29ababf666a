import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../api/config';
import type { PageServices } from '../src/lib/page-services';
import { SEARCH_TEMPLATE_PATH } from '../src/lib/search-html';
import { createImageGuard, isImageEndpoint } from './image-guard';
import { NOT_FOUND_PATH, setPageHeaders } from './non-canonical';
import { answerKept } from './pages/answer-kept';
import type { PageCache } from './pages/kept-pages';
import { mayBeKept } from './pages/versions';
import { createSearchPage } from './search-page';
import { createStaticHandler } from './static';

/** Astro's handler in middleware mode: `locals` is what every page reads as `Astro.locals`. */
type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (() => unknown) | undefined,
  locals: App.Locals,
) => unknown;

/** Only the path and query of a request's URL are read; the origin is a stand-in. */
const URL_BASE = 'http://shop.invalid';

/** What a page side is given: the shop's parts it renders with. */
export interface PageParts {
  settings: Config;
  shop: PageServices;
  server: Server;
}

/**
 * Who answers the pages: the built site (`builtPages`, below, for `npm start`) or Astro's dev
 * server (server/dev.ts, `npm run dev`). The API, the mail worker, jobs, body limits, request ids
 * and logs are the same for both (`openShop`).
 */
export interface PageSide {
  /** Astro's renderer for this request as it is (its 404 page for an address no page answers). */
  render(req: IncomingMessage, res: ServerResponse): unknown;
  /** A GET or HEAD request for a canonical page address. */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void>;
  /** A request the page side takes as it is, before addresses are made canonical (dev's modules). */
  takes?(req: IncomingMessage): boolean;
  close?(): Promise<void>;
}

/** The built site: kept pages, the search page, built files, then Astro's built handler. */
export async function builtPages(
  { settings, shop }: PageParts,
  pageCache: PageCache,
): Promise<PageSide> {
  const entry = new URL('./server/entry.mjs', import.meta.url);
  const { handler } = (await import(entry.href)) as { handler: NodeHandler };
  // A new locals object per request: Astro and its integrations may add to it. An address no page
  // answers is Astro's 404 page, rendered as a route so that it, too, gets locals.
  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    req.url = NOT_FOUND_PATH;
    return handler(req, res, undefined, { shop });
  };
  const astroHandler = (req: IncomingMessage, res: ServerResponse) =>
    handler(req, res, () => notFound(req, res), { shop });
  const clientRoot = fileURLToPath(new URL('./client/', import.meta.url));
  const serveStatic = createStaticHandler(clientRoot, setPageHeaders, settings.siteUrl);
  const refuseImage = createImageGuard(clientRoot);
  const shell = await readFile(join(clientRoot, SEARCH_TEMPLATE_PATH, 'index.html'), 'utf8');
  const answerSearch = createSearchPage(async () => shell, settings.siteUrl, setPageHeaders, shop);
  return {
    render: astroHandler,
    async answer(req, res, pathname, search) {
      const url = pathname + search;
      // A catalogue page kept at its current version is answered here, without Astro.
      if (mayBeKept(pathname) && (await answerKept(pageCache, req, res, new URL(url, URL_BASE)))) {
        return;
      }
      // Search pages are filled into their prerendered shell here; the shell is not a page.
      if (pathname === '/search') {
        await answerSearch(req, res, new URL(url, URL_BASE));
        return;
      }
      if (pathname.replace(/\/+$/, '') === SEARCH_TEMPLATE_PATH) {
        req.url = NOT_FOUND_PATH;
        await astroHandler(req, res);
        return;
      }
      // Any spelling Astro would route to its image endpoint is one of these two by now.
      if (isImageEndpoint(pathname) && (await refuseImage(res, search))) return;
      if (await serveStatic(req, res, pathname)) return;
      await astroHandler(req, res);
    },
  };
}
