/**
 * The production entry (`dist/serve.mjs`): one HTTP server. `/api/*` goes straight to the Elysia
 * app through a fetch bridge; built files are served from `dist/client`; everything else goes to
 * Astro's handler (middleware mode).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { apiApp } from '../api';
import { config, ConfigError } from '../api/config';
import { appDatabase } from '../api/db';
import { CLIENT_IP_HEADER, connectionClientIp } from '../api/lib/client-ip';
import { log } from '../api/lib/log';
import { mailTransportFor } from '../api/modules/mail/transport';
import { createOutboxWorker } from '../api/modules/mail/worker';
import { COMMON_SECURITY_HEADERS, pageContentSecurityPolicy } from '../api/lib/security-headers';
import { fetchBridge } from './bridge';
import { createStaticHandler } from './static';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => unknown;

const SHUTDOWN_GRACE_MS = 10_000;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function setPageHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', pageContentSecurityPolicy());
}

async function main(): Promise<void> {
  const settings = config();
  const database = await appDatabase();
  // Delivers the mail outbox (order emails) while the server runs: SMTP_URL, else .eml files.
  const mailWorker = createOutboxWorker({
    db: database.db,
    transport: mailTransportFor({ smtpUrl: settings.mail.smtpUrl, dataDir: settings.dataDir }),
    from: settings.mail.from,
  });
  mailWorker.start();
  const app = await apiApp();
  const entry = new URL('./server/entry.mjs', import.meta.url);
  const { handler: astroHandler } = (await import(entry.href)) as { handler: NodeHandler };
  const serveStatic = createStaticHandler(
    fileURLToPath(new URL('./client/', import.meta.url)),
    setPageHeaders,
  );
  const api = fetchBridge(app);

  let stopping = false;
  // Handlers still running, even for a client that has gone: the database closes only after them.
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const work = handle(req, res).catch((error: unknown) =>
      log('error', 'request failed', { path: req.url, error: String(error) }),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (stopping) {
      // Finish this request, then let its connection go so shutdown need not wait for keep-alive.
      res.setHeader('Connection', 'close');
    }
    res.on('finish', () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    const incoming = req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    // The shopper's address (for rate limits); whatever a client sent under this name is replaced.
    req.headers[CLIENT_IP_HEADER] = connectionClientIp(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
    );
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';

    if (pathname === '/api' || pathname.startsWith('/api/')) {
      await api(req, res);
      return;
    }

    const started = performance.now();
    res.setHeader('x-request-id', requestId);
    res.on('finish', () =>
      log('info', 'page', {
        requestId,
        method: req.method,
        path: pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      }),
    );
    try {
      if (await serveStatic(req, res, pathname)) return;
      await astroHandler(req, res);
    } catch (error) {
      log('error', 'page failed', { requestId, path: pathname, error: String(error) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Something went wrong on our side. Please try again later.');
    }
  }

  server.listen(settings.port, settings.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    const shown =
      settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
    console.log(`${settings.siteName} is open at http://${shown}:${port}/`);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down', { signal });
    const force = setTimeout(() => {
      log('error', 'shutdown timed out; closing open connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      // Connections are gone, but handlers whose client left may still be querying.
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
      ]);
      await mailWorker.stop();
      await database.close();
      log('info', 'stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests already being answered: their connections close once the answer is sent.
    setImmediate(() => server.closeIdleConnections());
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Evergreen cannot start: ${error.message}`);
  } else {
    console.error('Evergreen cannot start:', error);
  }
  process.exit(1);
});
