import { rmSync } from 'node:fs';

/** Playwright's global teardown: the run's prepared data folder (playwright.config.ts) goes. */
export default function teardown() {
  const prepared = process.env.E2E_PREPARED_DIR;
  if (prepared) rmSync(prepared, { recursive: true, force: true });
}
