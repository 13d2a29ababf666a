import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { SEARCH_TEMPLATE_PATH } from '../src/lib/search-html';
import type { AstroDev } from './dev-astro';
import { NOT_FOUND_PATH, setPageHeaders } from './non-canonical';
import type { PageParts, PageSide } from './built-pages';
import { createSearchPage } from './search-page';

export type { AstroDev } from './dev-astro';

/** Only the path and query of a request's URL are read; the origin is a stand-in. */
const URL_BASE = 'http://shop.invalid';

/** Where Astro's dev server reads a request's `locals` (as its node adapter's handler does). */
const LOCALS = Symbol.for('astro.locals');

/**
 * What Vite serves as it is under `npm run dev`: its client and modules (`/@vite/client`,
 * `/@id/…`, `/@fs/…`, pre-bundled packages), source files islands import (`/src/…tsx`,
 * `/core/…ts`), files of public/, images (`/_image`), and routes named like files (rss.xml).
 */
function isModuleRequest(url: string): boolean {
  const { pathname } = new URL(url, URL_BASE);
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return /^\/(@|node_modules\/|_image\/?$)/.test(pathname) || /\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * The pages under `npm run dev` (server/dev.ts): Astro's dev server renders every page on every
 * request with the `locals` the built site's handler gets (the shop's catalogue, settings and page
 * pipeline, ./pages/services.ts), so pages reach the shop as in production. Hot reload's socket
 * is opened on the shop's port and handed on to Astro's own.
 */
export function devPages(astro: AstroDev) {
  return async ({ settings, shop, server }: PageParts): Promise<PageSide> => {
    const render = (req: IncomingMessage, res: ServerResponse) => {
      Reflect.set(req, LOCALS, { shop } satisfies App.Locals);
      astro.handle(req, res);
    };
    server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
      const upstream = connect(astro.port, '127.0.0.1', () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
    });
    // The search page's shell, rendered anew for every search (it is prerendered in a build).
    const answerSearch = createSearchPage(
      async () => (await fetch(`http://127.0.0.1:${astro.port}${SEARCH_TEMPLATE_PATH}`)).text(),
      settings.siteUrl,
      setPageHeaders,
      shop,
    );
    return {
      render,
      takes: (req) => isModuleRequest(req.url ?? '/'),
      async answer(req, res, pathname, search) {
        if (pathname === '/search') {
          await answerSearch(req, res, new URL(pathname + search, URL_BASE));
          return;
        }
        // The shell is not a page.
        if (pathname.replace(/\/+$/, '') === SEARCH_TEMPLATE_PATH) req.url = NOT_FOUND_PATH;
        render(req, res);
      },
    };
  };
}
