import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shop's files are its own (issue 36 row 4): the database (password hashes, gift-card codes),
 * mail, uploads, backups and secrets are readable and writable by the shop's user only, whatever
 * the umask or PGlite (which sets 0666 on its files itself) does.
 */
export const PRIVATE_UMASK = 0o077;

/** Every file this process creates from now on is private (0600, folders 0700). */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** Takes every permission of group and others off `path` and everything under it (no links). */
export function makePrivate(path: string): void {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return; // gone meanwhile, or never made
  }
  if (stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path)) makePrivate(join(path, name));
}
