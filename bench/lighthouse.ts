// npm run bench:lighthouse [-- /path /other/path …] — Lighthouse on Debian's Chromium against the
// production server (dist/serve.mjs on a fresh data folder), with Lighthouse's default mobile
// preset (emulated phone, simulated slow 4G and a 4× slower CPU). Prints the four category
// scores and the JavaScript each page downloads. With no paths: the home page, the FAQ and a blog
// article. Each page is measured BENCH_RUNS times (default 3) and the run with the median
// performance score is reported, as Lighthouse advises on a machine that is not idle.
// BENCH_BASE_URL=http://… measures a server that is already running instead.
// Full reports go to bench/results/. Target: 95 or more in each category.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, type RunningServer } from './lib';

const DEFAULT_PATHS = ['/', '/faq', '/blog/what-to-get-the-person-who-has-everything'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

// The Playwright config's Chromium flags, without its side effects (a free port, a data folder).
process.env.E2E_PORT ??= '0';
process.env.E2E_DATA_DIR ??= tmpdir();
const { chromiumLaunchOptions } = await import('../playwright.config');

interface Row {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  scriptBytes: number;
  scriptRequests: number;
  totalBytes: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface ResourceSummaryItem {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PATHS;
const buildDir = process.env.BUILD_DIR ?? 'dist';

let server: RunningServer | undefined;
const baseUrl =
  process.env.BENCH_BASE_URL ?? (server = await startServer('node', [`${buildDir}/serve.mjs`])).url;

/** One run in a browser of its own, so no page inherits another's cache or trace. */
async function audit(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  try {
    return await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
  } finally {
    chrome.kill();
  }
}

const rows: Row[] = [];
try {
  mkdirSync('bench/results', { recursive: true });
  for (const path of paths) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await audit(new URL(path, baseUrl).href);
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      runs.push(result.lhr);
    }
    runs.sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const items = ((lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] })
      ?.items ?? []) as ResourceSummaryItem[];
    const script = items.find((item) => item.resourceType === 'script');
    const total = items.find((item) => item.resourceType === 'total');
    rows.push({
      path,
      scores: Object.fromEntries(
        CATEGORIES.map((name) => [name, Math.round((lhr.categories[name]?.score ?? 0) * 100)]),
      ) as Row['scores'],
      scriptBytes: script?.transferSize ?? 0,
      scriptRequests: script?.requestCount ?? 0,
      totalBytes: total?.transferSize ?? 0,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    });
    const file = `bench/results/lighthouse-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
    writeFileSync(file, JSON.stringify(lhr, null, 2));
  }
} finally {
  await server?.stop();
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`\nLighthouse, mobile preset, median of ${RUNS} runs, on ${baseUrl}\n`);
console.table(
  rows.map((row) => ({
    page: row.path,
    performance: row.scores.performance,
    accessibility: row.scores.accessibility,
    'best practices': row.scores['best-practices'],
    seo: row.scores.seo,
    'JS (transferred)': `${kib(row.scriptBytes)} in ${row.scriptRequests} files`,
    'all bytes': kib(row.totalBytes),
    LCP: `${(row.lcpMs / 1000).toFixed(2)} s`,
    TBT: `${Math.round(row.tbtMs)} ms`,
    CLS: row.cls.toFixed(3),
  })),
);
const missed = rows.filter((row) => CATEGORIES.some((name) => row.scores[name] < TARGET));
console.log(
  missed.length === 0
    ? `target met: every category ${TARGET} or more`
    : `TARGET MISSED (< ${TARGET}) on ${missed.map((row) => row.path).join(', ')}`,
);
if (missed.length > 0) process.exitCode = 1;
