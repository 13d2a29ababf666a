import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new data folder for one server process: a copy of the one playwright.config.ts prepared for
 * this run (E2E_PREPARED_DIR), so the server opens a migrated, seeded database instead of making
 * one. Without a prepared folder, an empty one (the server then makes its database itself).
 */
export function copyOfPreparedDataDir(prefix = 'evergreen-server-'): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const prepared = process.env.E2E_PREPARED_DIR;
  if (prepared) cpSync(prepared, folder, { recursive: true });
  return folder;
}
