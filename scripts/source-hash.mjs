// The build's inputs, hashed (scripts/build-if-changed.mjs): the source folders, configuration,
// lock file, and the settings pages are built with.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FOLDERS = ['api', 'core', 'server', 'src', 'content', 'public', 'scripts'];
const FILES = ['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json'];
// Settings that pages are built with (the rest are read at run time).
const BUILD_SETTINGS = ['PUBLIC_SITE_URL', 'SITE_NAME', 'SHOP_EMAIL', 'ORDER_RETENTION_DAYS'];

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((path) => statSync(path).isFile());
}

export function sourceHash(env = process.env) {
  const hash = createHash('sha256');
  const files = [...FOLDERS.flatMap(filesUnder), ...FILES.filter((file) => existsSync(file))];
  for (const file of files.sort()) {
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}
