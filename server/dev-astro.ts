import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dev } from 'astro';

/** Astro's dev server as the shop's pages use it (./dev-pages.ts). */
export interface AstroDev {
  /** Astro's own listener (loopback, a free port): for the search shell and hot reload's socket. */
  port: number;
  /** Serves one request: a page (with `locals` set on the request), a module, a public file. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  stop(): Promise<void>;
}

/**
 * Starts Astro's dev server for `npm run dev` (server/dev.ts), once for the process. The browser is
 * told to open hot reload's socket on the shop's own port (`shopPort`), which hands it on here.
 */
export async function startAstroDev(shopPort: number): Promise<AstroDev> {
  const server = await dev({
    root: process.cwd(),
    logLevel: 'warn',
    devToolbar: { enabled: false },
    server: { host: '127.0.0.1', port: 0 },
    vite: { server: { hmr: { clientPort: shopPort } } },
  });
  return {
    port: (server.address as AddressInfo).port,
    handle: (req, res) => void server.handle(req, res),
    stop: () => server.stop(),
  };
}
