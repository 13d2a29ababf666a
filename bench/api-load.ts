// npm run bench:api — load on the catalogue API of the built server (dist/serve.mjs) with a
// 10,000-product catalogue (bench/catalogue-10k.ts), on PGlite and then on PostgreSQL. Four routes,
// each for BENCH_SECONDS (default 10) at BENCH_CONNECTIONS (default 32) on loopback, after a short
// warm-up: the general search (every request a query not asked before: bench/queries.ts), the
// header's suggestions (every request a prefix not asked before), a category listing and product
// detail, all answered from the in-memory catalogue. Prints requests a second and p50/p99 latency.
// Targets at 32 connections on both databases: search p99 under 25 ms, suggest p99 ≤ 10 ms.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server the bench
// creates its own database on, and drops afterwards; BENCH_SKIP_POSTGRES=1 runs PGlite only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedProductId } from '../api/db/seed';
import { BENCH_CATALOGUE_SIZE, loadBenchCatalogue } from './catalogue-10k';
import {
  load,
  printTable,
  requestsOf,
  startServer,
  withScratchDatabase,
  type LoadResult,
} from './lib';
import { distinctPrefixes, distinctQueries } from './queries';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const buildDir = process.env.BUILD_DIR ?? 'dist';
const P99_TARGETS_MS: Record<string, number> = { search: 25, suggest: 10 };

const CATEGORIES = ['Home', 'Yoga', 'Pets', 'Artwork', 'Clothing', 'Gift%20Collection', 'Digital'];
const DETAILS = Array.from({ length: 50 }, (_, index) => seedProductId(`bench-${index * 199 + 1}`));

const ROUTES: { label: string; paths: string[] | (() => string) }[] = [
  {
    label: 'search',
    paths: (() => {
      const next = distinctQueries(3);
      return () => `/api/product/search?${next()}`;
    })(),
  },
  {
    label: 'suggest',
    paths: (() => {
      const next = distinctPrefixes(5);
      return () => `/api/product/suggest?${next()}`;
    })(),
  },
  {
    label: 'category',
    paths: CATEGORIES.map((category) => `/api/product/search?category=${category}`),
  },
  { label: 'detail', paths: DETAILS.map((id) => `/api/product/detail/${id}`) },
];

/** A time-bounded load cycling through `paths` (or a new path each time), after a 2 s warm-up. */
async function loadPaths(
  label: string,
  base: string,
  paths: string[] | (() => string),
): Promise<LoadResult> {
  return load(label, base, { connections, seconds, requests: requestsOf(paths) });
}

/** Each route on one server. */
async function runAgainst(env: Record<string, string>): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const server = await startServer('node', [`${buildDir}/serve.mjs`], env);
  try {
    // The first answer waits for the catalogue to load; measure after it.
    const started = performance.now();
    await fetch(`${server.url}/api/product/search?q=warm`).then((response) => response.text());
    console.log(
      `catalogue ready ${((performance.now() - started) / 1000).toFixed(1)} s after health`,
    );
    for (const route of ROUTES) {
      results.push(await loadPaths(route.label, server.url, route.paths));
    }
  } finally {
    await server.stop();
  }
  return results;
}

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function onPglite(): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-bench-10k-'));
  try {
    await timed(`PGlite: ${BENCH_CATALOGUE_SIZE} products loaded`, async () => {
      const database = await openDatabase({ dataDir: join(dataDir, 'db') });
      await migrateDatabase(database);
      await loadBenchCatalogue(database.db);
      await database.close();
    });
    return await runAgainst({ DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<LoadResult[]> {
  return withScratchDatabase(async (url) => {
    await timed(`PostgreSQL: ${BENCH_CATALOGUE_SIZE} products loaded`, async () => {
      const database = await openDatabase({ url });
      await migrateDatabase(database);
      await loadBenchCatalogue(database.db);
      await database.close();
    });
    const bench = new pg.Client({ connectionString: url });
    await bench.connect();
    await bench.query('vacuum analyze');
    await bench.end();
    return await runAgainst({ DATABASE_URL: url });
  });
}

const pglite = await onPglite();
console.log(
  `\nPGlite, ${BENCH_CATALOGUE_SIZE} products, ${connections} connections, ${seconds} s each\n`,
);
printTable(pglite);

let postgres: LoadResult[] = [];
if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  postgres = await onPostgres();
  console.log(
    `\nPostgreSQL, ${BENCH_CATALOGUE_SIZE} products, ${connections} connections, ${seconds} s each\n`,
  );
  printTable(postgres);
}
for (const [name, results] of [
  ['PGlite', pglite],
  ['PostgreSQL', postgres],
] as const) {
  for (const [label, target] of Object.entries(P99_TARGETS_MS)) {
    const measured = results.find((result) => result.label === label);
    if (!measured) continue;
    console.log(
      measured.p99 <= target
        ? `${name}: ${label} p99 ${measured.p99} ms: target met (≤ ${target} ms)`
        : `${name}: ${label} p99 ${measured.p99} ms: TARGET MISSED (≤ ${target} ms)`,
    );
  }
}
const failures = [...pglite, ...postgres].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
if (failures > 0) {
  console.log('some requests failed: see the errors and non-2xx columns');
  process.exitCode = 1;
}
