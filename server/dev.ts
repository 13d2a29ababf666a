/**
 * `npm run dev`: the shop as `npm start` runs it (`openShop`, server/serve.ts: the API, the mail
 * worker, scheduled jobs, body limits, one HTTP server) with its pages rendered by Astro's dev
 * server (./dev-pages.ts), so that a saved article, page, component, style or island is on the page
 * at once, with Vite's hot reload in the browser.
 *
 * Astro's dev server lives as long as this process. The shop itself (./dev-shop.ts) is loaded
 * afresh, with its own copy of the project's modules (./dev-hooks.mjs; packages are loaded once),
 * and reopened when a file under api/, core/, server/ or src/lib/ changes: the old one stops as
 * on SIGTERM (requests in flight, mail batch, jobs, database), then the new one opens on the same
 * port.
 *
 * Like dist/serve.mjs (server/start.ts), the shop's mode is what the operator gave (development
 * unless set), and NODE_ENV is set before anything else is loaded: here to `development`, which
 * Astro's dev server and React's development build (hook warnings in islands) expect.
 */
import { watch } from 'node:fs';
import { register } from 'node:module';

const shopMode = process.env.NODE_ENV ?? 'development';
process.env.NODE_ENV = 'development';

/** What the shop runs, beside the pages (src/lib holds the search page's HTML, server/search-page.ts). */
const WATCHED = ['api', 'core', 'server', 'src/lib'];
/** Changes are gathered for this long before the shop is reopened. */
const SETTLE_MS = 150;

const { rememberShopMode } = await import('../api/shop-mode');
rememberShopMode(shopMode);
const { config } = await import('../api/config');
const { guardProcess } = await import('./process-guard');
const { startAstroDev } = await import('./dev-astro');

type DevShop = typeof import('./dev-shop');
interface Running {
  stop(): Promise<void>;
}

register('./dev-hooks.mjs', import.meta.url);
let generation = 0;
/** The shop's modules, loaded afresh (while the running shop still serves). */
async function loadFresh(): Promise<DevShop> {
  generation += 1;
  return (await import(`./dev-shop.ts?shop-gen=${generation}`)) as DevShop;
}

async function main(): Promise<void> {
  const settings = config();
  guardProcess();
  const [astro, first] = await Promise.all([startAstroDev(settings.port), loadFresh()]);
  let shop: Running | undefined = await first.openDevShop(shopMode, astro);
  let reopening: Promise<void> | undefined;
  let changedAgain = false;
  let timer: NodeJS.Timeout | undefined;

  const reopen = async () => {
    const started = performance.now();
    console.log('[dev] the shop’s code changed: reopening it…');
    try {
      const fresh = await loadFresh();
      await shop?.stop();
      shop = undefined;
      shop = await fresh.openDevShop(shopMode, astro);
      console.log(`[dev] reopened in ${Math.round(performance.now() - started)} ms.`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const state = shop ? 'the shop keeps running as it was' : 'the shop is closed';
      console.error(
        `[dev] the changed code cannot run (${message}); ${state} until the next save.`,
      );
    }
  };
  const changed = (_event: string, name: string | null) => {
    // Editors' swap and backup files are not the shop.
    if (name && /(^|\/)\.|~$|\.swp$/.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (reopening) {
        changedAgain = true;
        return;
      }
      const run = (): Promise<void> =>
        reopen().then(() => {
          if (!changedAgain) return;
          changedAgain = false;
          return run();
        });
      reopening = run().finally(() => (reopening = undefined));
    }, SETTLE_MS);
  };
  const watchers = WATCHED.map((folder) => watch(folder, { recursive: true }, changed));

  let closing = false;
  const close = async () => {
    if (closing) process.exit(1);
    closing = true;
    for (const watcher of watchers) watcher.close();
    clearTimeout(timer);
    await reopening;
    await shop?.stop();
    await astro.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Evergreen cannot start: ${message.split('\n')[0]}`);
  process.exit(1);
});
