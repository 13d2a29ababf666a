import { test } from '@playwright/test';

/**
 * The data folder of the server the running test talks to (playwright.config.ts): the specs that
 * change the catalogue have a server of their own, the rest share the other one. Its mail folder,
 * secrets and the owner's set-password link live there.
 */
export function serverDataDir(): string {
  const catalogue = test.info().project.name === 'catalogue-changes';
  const dir = catalogue ? process.env.E2E_CATALOGUE_DATA_DIR : process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('The e2e data folders are not set (playwright.config.ts sets them)');
  return dir;
}
