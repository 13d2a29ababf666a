import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './tests/helpers/free-port';

// Chosen once: workers inherit the port and data folder through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'evergreen-e2e-'));
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
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

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI: on a shared 2-core machine a timing-sensitive test (scripts held back, axe
  // walks) can miss once under load; a real fault fails twice, and the report names the flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built production server on a fresh data folder with the embedded database.
    command: `node ${buildDir}/serve.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // Lets tests/e2e/orders-history.spec.ts ship its own order (api/modules/orders/history-routes.ts).
      ORDER_TEST_HOOKS: '1',
      // API registrations in the specs carry an address of their own (support/account.ts).
      TRUSTED_PROXIES: 'loopback',
    },
  },
});
