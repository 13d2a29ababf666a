// npm run bench:pages — the pages a shopper lands on, against a static page, in one run on one
// built server (dist/serve.mjs). The reference is /about-us, prerendered at build time and served
// as a file: the home page now carries the featured products in its HTML, so it is a kept
// catalogue page like the others and measured as one. Then product pages, category pages,
// subcategory pages and the search page with queries that never repeat (bench/queries.ts). Each is
// loaded for BENCH_SECONDS (default 10) at BENCH_CONNECTIONS (default 32) after a 2 s warm-up, on
// the demo catalogue and on the 10,000-product one, on PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_POSTGRES=1
// skips it; BENCH_SKIP_10K=1 the large catalogue). Prints each page's rate as a ratio of the static
// page's, p50/p99, and the server's RSS after start and at its peak.
// Targets: product, category and subcategory ≥ 0.5 of static; search ≥ 0.1 with p99 ≤ 100 ms.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { asc } from 'drizzle-orm';
import { products } from '../api/db/schema';
import { seedCatalogue } from '../api/seed';
import { products as demo } from '../api/db/seed/catalogue';
import { listingHref } from '../src/lib/navigation';
import { loadBenchCatalogue } from './catalogue-10k';
import { requestsOf, rssMb, startServer, withScratchDatabase } from './lib';
import { distinctQueries } from './queries';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const buildDir = process.env.BUILD_DIR ?? 'dist';

interface PageLoad {
  label: string;
  /** Rendered once before the load: the kept pages (the search page's queries never repeat). */
  /** A fixed rotation of paths, or a new path for every request. */
  paths: string[] | (() => string);
  target?: { ratio: number; p99?: number };
}

interface Row {
  label: string;
  rate: number;
  p50: number;
  p99: number;
  /** Redirects are answers too: a search for a page past the last is sent to the last. */
  redirected: number;
  failed: number;
  target?: PageLoad['target'];
}

const pairs = [
  ...new Set(
    demo.flatMap((product) =>
      product.categorizations
        .filter((entry) => entry.subcategory)
        .map((entry) => JSON.stringify([entry.category, entry.subcategory])),
    ),
  ),
].map((pair) => JSON.parse(pair) as [string, string]);
const categories = [...new Set(pairs.map(([category]) => category))];

/** The pages loaded, with product pages of 40 products the catalogue under test really has. */
const pagesOf = (productIds: string[]): PageLoad[] => [
  { label: 'about-us (static)', paths: ['/about-us'] },
  { label: 'home', paths: ['/'], target: { ratio: 0.5 } },
  {
    label: 'product',
    paths: productIds.map((id) => `/productdetailpage/${id}`),
    target: { ratio: 0.5 },
  },
  {
    label: 'category',
    paths: categories.map((category) => listingHref({ label: '', category })),
    target: { ratio: 0.5 },
  },
  {
    label: 'subcategory',
    paths: pairs.map(([category, subcategory]) =>
      listingHref({ label: '', category, subcategory }),
    ),
    target: { ratio: 0.5 },
  },
  {
    label: 'search (never repeated)',
    paths: (() => {
      const next = distinctQueries(7);
      return () => `/search?${next()}`;
    })(),
    target: { ratio: 0.1, p99: 100 },
  },
];

async function loadPage(base: string, page: PageLoad, duration: number): Promise<Row> {
  const { paths } = page;
  const requests = requestsOf(paths);
  const result = await autocannon({ url: base, connections, duration, requests });
  return {
    label: page.label,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    redirected: result['3xx'],
    failed: result.errors + result.non2xx - result['3xx'],
    target: page.target,
  };
}

/** Served as in production: React's production build, a real secret. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') };

async function run(
  title: string,
  productIds: string[],
  env: Record<string, string>,
): Promise<boolean> {
  const PAGES = pagesOf(productIds);
  const server = await startServer('node', [`${buildDir}/serve.mjs`], { ...PRODUCTION, ...env });
  try {
    const started = rssMb(server.pid).now;
    // Each page is rendered once per catalogue version: render them before measuring.
    for (const page of PAGES) {
      if (typeof page.paths === 'function') continue;
      for (const path of page.paths) await fetch(`${server.url}${path}`).then((r) => r.text());
    }
    const rows: Row[] = [];
    for (const page of PAGES) {
      await loadPage(server.url, page, 2);
      rows.push(await loadPage(server.url, page, seconds));
    }
    const memory = rssMb(server.pid);
    const staticRate = rows[0]!.rate;
    console.log(`\n${title}: ${connections} connections, ${seconds} s each`);
    console.log(
      ['page', 'ratio', 'target', 'p50 ms', 'p99 ms', 'redirected', 'failed']
        .map((h) => h.padEnd(26))
        .join(''),
    );
    let met = true;
    for (const row of rows) {
      const ratio = row.rate / staticRate;
      const ok =
        !row.target ||
        (ratio >= row.target.ratio && (row.target.p99 === undefined || row.p99 <= row.target.p99));
      met &&= ok && row.failed === 0;
      const target = row.target
        ? `≥ ${row.target.ratio}${row.target.p99 ? `, p99 ≤ ${row.target.p99}` : ''} ${ok ? 'met' : 'MISSED'}`
        : '1 (reference)';
      console.log(
        [row.label, ratio.toFixed(2), target, row.p50, row.p99, row.redirected, row.failed]
          .map((cell) => String(cell).padEnd(26))
          .join(''),
      );
    }
    console.log(
      `RSS after start ${started.toFixed(0)} MB, at the end ${memory.now.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB`,
    );
    return met;
  } finally {
    await server.stop();
  }
}

type Catalogue = 'demo' | '10k';
/** Fills the database with the catalogue; answers the ids of 40 of its products. */
const fill =
  (catalogue: Catalogue) =>
  async (url: string | undefined, dataDir?: string): Promise<string[]> => {
    const database = await openDatabase(url ? { url } : { dataDir: join(dataDir!, 'db') });
    await migrateDatabase(database);
    if (catalogue === 'demo') await seedCatalogue(database.db);
    else await loadBenchCatalogue(database.db);
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(40);
    await database.close();
    return rows.map((row) => row.id);
  };

async function onPglite(catalogue: Catalogue): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-bench-pages-'));
  try {
    const ids = await fill(catalogue)(undefined, dataDir);
    return await run(`PGlite, ${catalogue} catalogue`, ids, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(catalogue: Catalogue): Promise<boolean> {
  return withScratchDatabase(async (url) => {
    const ids = await fill(catalogue)(url);
    return await run(`PostgreSQL, ${catalogue} catalogue`, ids, { DATABASE_URL: url });
  });
}

const catalogues: Catalogue[] = process.env.BENCH_SKIP_10K === '1' ? ['demo'] : ['demo', '10k'];
let allMet = true;
for (const catalogue of catalogues) {
  allMet = (await onPglite(catalogue)) && allMet;
  if (process.env.BENCH_SKIP_POSTGRES !== '1') allMet = (await onPostgres(catalogue)) && allMet;
}
if (!allMet) {
  console.log('\nsome targets were missed or requests failed (see above)');
  process.exitCode = 1;
}
