import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { copyOfPreparedDataDir } from './tests/helpers/data-dir';
import { freePort } from './tests/helpers/free-port';

// Chosen once: workers inherit the ports and data folders through the environment.
process.env.E2E_PORT ??= String(await freePort());
while (!process.env.E2E_CATALOGUE_PORT || process.env.E2E_CATALOGUE_PORT === process.env.E2E_PORT) {
  process.env.E2E_CATALOGUE_PORT = String(await freePort());
}
if (!process.env.E2E_PREPARED_DIR) {
  // One migrated, seeded data folder for the run; every server starts on a copy of it
  // (tests/helpers/data-dir.ts). Made before the web server starts, which Playwright does first.
  const prepared = mkdtempSync(join(tmpdir(), 'evergreen-e2e-prepared-'));
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/helpers/prepare-data-dir.ts', prepared],
    { stdio: 'inherit', env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
  );
  if (made.status !== 0) throw new Error('Could not prepare the end-to-end data folder.');
  process.env.E2E_PREPARED_DIR = prepared;
}
process.env.E2E_DATA_DIR ??= copyOfPreparedDataDir('evergreen-e2e-');
process.env.E2E_CATALOGUE_DATA_DIR ??= copyOfPreparedDataDir('evergreen-e2e-catalogue-');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const catalogueBaseURL = `http://127.0.0.1:${process.env.E2E_CATALOGUE_PORT}`;
const buildDir = process.env.BUILD_DIR ?? 'dist';

/** Debian's Chromium; Playwright's own browser downloads cannot work on these machines. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

/**
 * The end-to-end tests' browser: Debian's build of Chromium's headless shell (the package
 * chromium-headless-shell, what Playwright itself runs headless) when it is installed, else the
 * browser above. The same engine without a browser's windows: the full browser starts a renderer
 * for its own toolbar with every test's window, and the accessibility spec took 328 s against 218 s
 * (199 against 131 CPU-seconds) on the same build (issue 37 point 6). Lighthouse keeps the full
 * browser (bench/lighthouse.ts).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const e2eLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};

/**
 * The owner's catalogue edits, stock changes and new products: they run on a server of their own
 * (see `projects` and `webServer`), beside the shoppers' specs, which read the seeded catalogue
 * (counts, the sitemap, stock limits) and must not see these changes. `admin.spec.ts`
 * is not among them: it runs a server of its own on a fresh data folder, so it runs beside the
 * shoppers' specs instead of holding one worker alone at the end.
 */
const CATALOGUE_CHANGING_SPECS = [
  /admin-catalogue\.spec\.ts/,
  /restock\.spec\.ts/,
  /admin-low-stock\.spec\.ts/,
  // Imports Washington's tax rates (issue 28), which every later checkout to those ZIPs uses.
  /admin-tax\.spec\.ts/,
  // Puts a product on sale for the day (issue 42): its price moves in listings, search and sorts.
  /sale-prices\.spec\.ts/,
];

/**
 * One built production server on its own copy of the prepared data folder, embedded database.
 * The shop's owner is made first (tests/e2e/support/owner.ts reads the set-password link it
 * prints): specs ship and deliver orders as the owner does, through the back office's API.
 */
function shopServer(port: string, dataDir: string) {
  return {
    command: `node --import tsx scripts/admin-create.ts --email owner@e2e.example.com > "${dataDir}/owner-link.txt" && node ${buildDir}/serve.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // API registrations in the specs carry an address of their own (support/account.ts).
      TRUSTED_PROXIES: 'loopback',
      // The scheduled jobs every 5 s instead of every minute: a gift card due today is mailed
      // within seconds of its order, so the spec that waits for it is not idle for up to a minute.
      SCHEDULED_JOBS_EVERY_SECONDS: '5',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/helpers/e2e-teardown.ts',
  fullyParallel: true,
  // Two, for the 2-core machines this runs on: each worker drives a Chromium, so a third only waits
  // for a core and stretches every timing-sensitive wait.
  workers: 2,
  // Never retried: a retry hides a flaky test (issue 23); fix the test instead.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace: each action with the page's DOM before and after, network,
    // console. Without the screencast: its frames cost a fifth of the run (four specs, 56 tests:
    // 108.6 s and 87 CPU-s with it, 90.1 s and 74 CPU-s without); the last screen is kept instead.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: e2eLaunchOptions,
  },
  // Specs that change the catalogue (prices, stock, new products, tax rates) have a server and a
  // data folder of their own (tests/e2e/support/server.ts names the folder a test's server uses).
  // Their project comes first: workers take tests in the projects' order, and its serial file
  // (admin-catalogue.spec.ts, over two minutes) then runs beside the shoppers' tests instead of
  // alone at the end (100 s of a run with one worker idle, measured).
  projects: [
    {
      name: 'catalogue-changes',
      testMatch: CATALOGUE_CHANGING_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: catalogueBaseURL },
    },
    {
      name: 'chromium',
      testIgnore: CATALOGUE_CHANGING_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    shopServer(process.env.E2E_PORT, process.env.E2E_DATA_DIR),
    shopServer(process.env.E2E_CATALOGUE_PORT!, process.env.E2E_CATALOGUE_DATA_DIR),
  ],
});
