/**
 * The server entry (`dist/serve.mjs` for `npm start`; `npm run dev` runs the same `openShop` with
 * Astro's dev server for pages, server/dev.ts): one HTTP server, one path. `/api/*` goes straight
 * to the Elysia app through a fetch bridge; kept catalogue pages and the search page are answered
 * here; built files are served from `dist/client`; everything else goes to Astro's handler
 * (middleware mode), with what pages need in `locals` (./pages/services.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { apiApp, stopBackgroundWork } from '../api';
import { rememberShopMode } from '../api/shop-mode';
import { config, ConfigError, type Config } from '../api/config';
import { appDatabase } from '../api/app-database';
import type { Database } from '../api/db';
import { keepNewFilesPrivate } from '../api/db/private-files';
import { catalogueOf } from '../api/modules/catalogue';
import { compileProxyTrust, type ProxyTrust, type RequestOrigin } from '../api/lib/client-ip';
import { log } from '../api/lib/log';
import { loggedPath } from '../api/lib/logged-path';
import { mailTransportFor, createOutboxWorker } from '../api/modules/mail';
import { fetchBridge } from './bridge';
import { builtPages, type PageParts, type PageSide } from './built-pages';
import { arrivalSettingsVersion } from './pages/arrival-pages';
import { createPageCache } from './pages/kept-pages';
import { createPageServices } from './pages/services';
import { handleRequest } from './request';
import { answerBackupRequests } from './backup-requests';
import { guardProcess } from './process-guard';
import { gracefulShutdown } from './shutdown';

export type { PageParts, PageSide } from './built-pages';

function proxyTrust(setting: string | undefined): ProxyTrust {
  try {
    return compileProxyTrust(setting);
  } catch (error) {
    throw new ConfigError(
      `TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
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
  // Kept pages name the shop day and the arrival settings they were counted from (issue 41).
  const pageCache = createPageCache(() => catalogueOf(database.db), {
    settingsVersion: () => arrivalSettingsVersion(database.db),
  });
  // Under `npm run dev` pages are rendered anew on every request: an edit shows at once.
  const shop = createPageServices(
    database,
    settings,
    devPages ? { keepRendered: (_url, _request, render) => render() } : pageCache,
  );
  // What the server itself knows about each request; the API reads it from the Request object.
  const origins = new WeakMap<IncomingMessage, RequestOrigin>();
  const api = fetchBridge(app, { originOf: (req) => origins.get(req) ?? {} });

  // The page side is made once the server exists (Astro's dev server needs it).
  const side: { pages?: PageSide } = {};
  const parts = { trust, origins, api, pages: () => side.pages! };
  const server = createServer((req, res) => {
    const work = handleRequest(parts, req, res).catch((error: unknown) =>
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
      await side.pages?.close?.();
      // The mail batch in hand is sent (or handed back by its lease), then nothing new is claimed.
      await mailWorker.stop();
      await stopBackgroundWork();
      await database.close();
    },
  });
  // A client that asks before sending its body (`Expect: 100-continue`) is told to go on only
  // when the API reads it (server/bridge.ts): a request refused first never sends its body.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  side.pages = devPages
    ? await devPages({ settings, shop, server })
    : await builtPages({ settings, shop, server }, pageCache);

  // The catalogue read model is in memory before the first shopper arrives (and before the health
  // check says the shop is up).
  await catalogueOf(database.db);

  if (!hosted) guardProcess();
  await listen(server, settings);

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

/** Listens on the configured host and port, and says where the shop is open. */
function listen(server: Server, settings: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
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
