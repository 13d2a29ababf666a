// Part of `npm run build`: the embedded database's first image, dist/pgdata.tar (a PGlite data
// folder, migrated and seeded). A shop's first start loads it instead of running initdb, which
// peaks at about 750 MB of memory; the image is made here, in a process of its own, and made
// again only when what it is made of (migrations, seed, PGlite's version) changed: `npm run dev`
// builds on every change.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedIfEmpty } from '../api/seed';

const outDir = process.env.BUILD_DIR ?? 'dist';
const imageFile = join(outDir, 'pgdata.tar');
const stampFile = join(outDir, 'pgdata.hash');

/**
 * PGlite's own package.json, found from where the package resolves (its exports do not list the
 * file, and a copy of the project, as `npm run dev`'s test makes, has no node_modules of its own).
 */
function pgliteManifest(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'package.json');
}

function inputsHash(): string {
  const hash = createHash('sha256');
  const files = ['api/db/migrations', 'api/db/seed', 'api/seed']
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true }).map((n) => join(folder, String(n))),
    )
    .filter((path) => statSync(path).isFile())
    .sort();
  files.push(pgliteManifest());
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

const inputs = inputsHash();
if (existsSync(imageFile) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === inputs) {
  process.exit(0);
}
const database = await openDatabase();
try {
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec('checkpoint');
  const image = await client.dumpDataDir('none');
  writeFileSync(imageFile, Buffer.from(await image.arrayBuffer()));
  writeFileSync(stampFile, inputs);
} finally {
  await database.close();
}
