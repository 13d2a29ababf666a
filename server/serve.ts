/**
 * The server entry (`dist/serve.mjs` for `npm start`; `npm run dev` runs the same `openShop` with
 * Astro's dev server for pages, server/dev.ts): one HTTP server, one path. `/api/*` goes straight
 * to the Elysia app through a fetch bridge; kept catalogue pages and the search page are answered
 * here; built files are served from `dist/client`; everything else goes to Astro's handler
 * (middleware mode), with what pages need in `locals` (./pages/services.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiApp, stopBackgroundWork } from '../api';
import { rememberShopMode } from '../api/shop-mode';
import { config, ConfigError, type Config } from '../api/config';
import { appDatabase, type Database } from '../api/db';
import { keepNewFilesPrivate } from '../api/db/private-files';
import { catalogueOf } from '../api/modules/catalogue';
import {
  CLIENT_IP_HEADER,
  compileProxyTrust,
  connectionClientIp,
  type ProxyTrust,
  type RequestOrigin,
} from '../api/lib/client-ip';
import { canonicalTarget } from '../api/lib/canonical-path';
import { log } from '../api/lib/log';
import { loggedPath } from '../api/lib/logged-path';
import { mailTransportFor, createOutboxWorker } from '../api/modules/mail';
import { COMMON_SECURITY_HEADERS } from '../api/lib/security-headers';
import { clientRequestIdOf } from '../api/plugins/request-context';
import type { PageServices } from '../src/lib/page-services';
import { SEARCH_TEMPLATE_PATH } from '../src/lib/search-html';
import { fetchBridge, stripHeader } from './bridge';
import { createImageGuard, isImageEndpoint } from './image-guard';
import { answerNonCanonical, NOT_FOUND_PATH, setPageHeaders } from './non-canonical';
import { answerKept } from './pages/answer-kept';
import { createPageCache, type PageCache } from './pages/kept-pages';
import { createPageServices } from './pages/services';
import { mayBeKept } from './pages/versions';
import { createSearchPage } from './search-page';
import { createStaticHandler } from './static';
import { answerBackupRequests } from './backup-requests';
import { guardProcess } from './process-guard';
import { gracefulShutdown } from './shutdown';
import { dropUnreadBody } from './unread-body';

/** Astro's handler in middleware mode: `locals` is what every page reads as `Astro.locals`. */
type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (() => unknown) | undefined,
  locals: App.Locals,
) => unknown;

/** Methods a page answers; anything else gets 405 with these in Allow. */
const PAGE_METHODS = 'GET, HEAD';

/** Only the path and query of a request's URL are read; the origin is a stand-in. */
const URL_BASE = 'http://shop.invalid';

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function proxyTrust(setting: string | undefined): ProxyTrust {
  try {
    return compileProxyTrust(setting);
  } catch (error) {
    throw new ConfigError(
      `TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

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
async function builtPages({ settings, shop }: PageParts, pageCache: PageCache): Promise<PageSide> {
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

export interface ShopOptions {
  /** The pages under `npm run dev` (server/dev-pages.ts); the built site's otherwise. */
  devPages?: (parts: PageParts) => Promise<PageSide>;
  /**
   * Run inside `npm run dev`'s process (server/dev.ts), which owns the signals and reopens the shop
   * when its code changes: stopping the shop then ends no process.
   */
  hosted?: boolean;
}

export interface OpenShop {
  /** Stops as SIGTERM does (requests in flight, mail batch, jobs, database); resolves when done. */
  stop(): Promise<void>;
}

/**
 * Opens the shop: database, mail worker, API, jobs, and one HTTP server for API and pages; resolves
 * once it listens. The pages are the built site's, or Astro's dev server's (server/dev.ts).
 */
export async function openShop(options: ShopOptions = {}): Promise<OpenShop> {
  // Files the shop makes (mail, uploads, backups, secrets, its database) are its user's only.
  keepNewFilesPrivate();
  const settings = config();
  const trust = proxyTrust(settings.trustedProxies);
  // A first start on the embedded database copies the image the build made (no initdb).
  const database = await appDatabase({
    initialImage: fileURLToPath(new URL('./pgdata.tar', import.meta.url)),
  });
  try {
    return await serveShop(database, settings, trust, options);
  } catch (error) {
    // `npm run dev` opens the shop again after the next change: the data folder is free for it.
    await stopBackgroundWork();
    await database.close();
    throw error;
  }
}

async function serveShop(
  database: Database,
  settings: Config,
  trust: ProxyTrust,
  { devPages, hosted = false }: ShopOptions,
): Promise<OpenShop> {
  // Delivers the mail outbox (order emails) while the server runs: SMTP_URL, else .eml files.
  const mailWorker = createOutboxWorker({
    db: database.db,
    transport: mailTransportFor({ smtpUrl: settings.mail.smtpUrl, dataDir: settings.dataDir }),
    from: settings.mail.from,
  });
  const app = await apiApp();
  const pageCache = createPageCache(() => catalogueOf(database.db));
  // Under `npm run dev` pages are rendered anew on every request: an edit shows at once.
  const shop = createPageServices(
    database,
    settings,
    devPages ? { keepRendered: (_url, _request, render) => render() } : pageCache,
  );
  // What the server itself knows about each request; the API reads it from the Request object.
  const origins = new WeakMap<IncomingMessage, RequestOrigin>();
  const api = fetchBridge(app, { originOf: (req) => origins.get(req) ?? {} });

  const server = createServer((req, res) => {
    const work = handle(req, res).catch((error: unknown) =>
      log('error', 'request failed', {
        path: loggedPath(req.url ?? '/'),
        error: String(error),
      }),
    );
    stop.track(req, res, work);
  });
  let stopped: (() => void) | undefined;
  const stop = gracefulShutdown(server, {
    graceMs: settings.shutdownGraceMs,
    ...(hosted && { exit: () => stopped?.() }),
    async closeResources() {
      backupRequests.stop();
      await pages.close?.();
      // The mail batch in hand is sent (or handed back by its lease), then nothing new is claimed.
      await mailWorker.stop();
      await stopBackgroundWork();
      await database.close();
    },
  });
  // A client that asks before sending its body (`Expect: 100-continue`) is told to go on only
  // when the API reads it (server/bridge.ts): a request refused first never sends its body.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  const pages: PageSide = devPages
    ? await devPages({ settings, shop, server })
    : await builtPages({ settings, shop, server }, pageCache);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The id is always ours; a client's X-Request-Id is only logged beside it.
    const requestId = randomUUID();
    const clientRequestId = String(req.headers['x-request-id'] ?? '');
    // The shopper's address (for rate limits): the socket's, or what a trusted proxy saw. The old
    // internal header is removed so nothing downstream can be fooled by a client's copy.
    stripHeader(req, CLIENT_IP_HEADER);
    origins.set(req, {
      requestId,
      ip: connectionClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust),
    });
    if (pages.takes?.(req)) {
      await pages.render(req, res);
      return;
    }
    const target = canonicalTarget(req.url ?? '/');
    const canonical = 'path' in target && !target.changed ? target : undefined;

    if (canonical && isApiPath(canonical.path)) {
      await api(req, res);
      return;
    }

    // Pages read no body, and a refused request's is not read either.
    dropUnreadBody(req, res);
    const started = performance.now();
    res.setHeader('x-request-id', requestId);
    // nosniff and the rest on every answer, static files and images included; pages add a CSP.
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
    res.on('finish', () =>
      log('info', 'page', {
        requestId,
        clientRequestId: clientRequestIdOf(clientRequestId),
        method: req.method,
        // A refused address is not written: it may hold anything.
        path: 'path' in target ? loggedPath(target.path) : undefined,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      }),
    );
    if (!canonical) {
      try {
        await answerNonCanonical(req, res, target, pages.render);
      } catch (error) {
        answerFailure(res, requestId, undefined, error);
      }
      return;
    }
    const { path: pathname, search } = canonical;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      setPageHeaders(res);
      res.writeHead(req.method === 'OPTIONS' ? 204 : 405, {
        Allow: PAGE_METHODS,
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end(req.method === 'OPTIONS' ? undefined : 'This address only answers GET and HEAD.');
      return;
    }
    try {
      await pages.answer(req, res, pathname, search);
    } catch (error) {
      answerFailure(res, requestId, pathname, error);
    }
  }

  function answerFailure(
    res: ServerResponse,
    requestId: string,
    pathname: string | undefined,
    error: unknown,
  ): void {
    const path = pathname === undefined ? undefined : loggedPath(pathname);
    log('error', 'page failed', { requestId, path, error: String(error) });
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Something went wrong on our side. Please try again later.');
  }

  // The catalogue read model is in memory before the first shopper arrives (and before the health
  // check says the shop is up).
  await catalogueOf(database.db);

  if (!hosted) guardProcess();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : settings.port;
      const shown =
        settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
      console.log(`${settings.siteName} is open at http://${shown}:${port}/`);
      resolve();
    });
  });

  mailWorker.start();
  if (!hosted) stop.onSignals();
  // `npm run backup` on the embedded database asks this process, which owns it.
  const backupRequests = answerBackupRequests(database, settings);
  return {
    stop() {
      const done = new Promise<void>((resolve) => (stopped = resolve));
      stop.shutdown('SIGTERM');
      return done;
    },
  };
}

/** Starts the server in the shop's own mode (NODE_ENV as the operator set it, server/start.ts). */
export function startServer(shopMode: string | undefined): void {
  rememberShopMode(shopMode);
  openShop().catch(failedToStart);
}

export function failedToStart(error: unknown): void {
  // One sentence for a person; the stack only in the debug log (LOG_LEVEL=debug).
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Evergreen cannot start: ${message.split('\n')[0]}`);
  try {
    log('debug', 'start-up failed', { stack: error instanceof Error ? error.stack : message });
  } catch {
    // The configuration itself is what failed: there is no log level to read.
  }
  process.exit(1);
}
