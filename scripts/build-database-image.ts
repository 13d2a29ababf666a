// Part of `npm run build`: the embedded database's first image, dist/pgdata.tar (a PGlite data
// folder, migrated and seeded). A shop's first start loads it instead of running initdb, which
// peaks at about 750 MB of memory; the image is made here, in a process of its own, once per build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedIfEmpty } from '../api/db/seed';

const outDir = process.env.BUILD_DIR ?? 'dist';
const database = await openDatabase();
try {
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec('checkpoint');
  const image = await client.dumpDataDir('none');
  writeFileSync(join(outDir, 'pgdata.tar'), Buffer.from(await image.arrayBuffer()));
} finally {
  await database.close();
}
