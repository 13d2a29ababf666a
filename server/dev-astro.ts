import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { dev } from 'astro';
import { guardContentMaps } from './dev-content-maps';

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
  // Astro resolves its maps of content modules and images to these files only when they exist as
  // the dev server starts; otherwise to stand-ins its watcher never refreshes, and an article
  // added later fails to render until a restart (a fresh clone has no .astro/). The content sync
  // then fills them.
  for (const name of ['content-modules.mjs', 'content-assets.mjs']) {
    const file = join(process.cwd(), '.astro', name);
    if (existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'export default new Map();\n');
  }
  // A new article saved while Astro writes its maps for the last save must not go missing.
  await guardContentMaps();
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
