import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { extractTarFile } from '../lib/tar';

export * from './client';

/**
 * Unpacks the build's first image into a data folder that has no database yet, beside it first
 * and then renamed into place, so a start stopped halfway leaves no half a database. PGlite then
 * opens it as it opens a folder after a restart.
 */
export function unpackFirstImage(image: string, folder: string): void {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  if (existsSync(folder) && readdirSync(folder).length > 0) return; // not ours to replace
  const unpacking = `${folder}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  extractTarFile(image, unpacking);
  rmSync(folder, { recursive: true, force: true });
  renameSync(unpacking, folder);
}
