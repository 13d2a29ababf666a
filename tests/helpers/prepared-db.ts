import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { seedCatalogue } from '../../api/seed';

/**
 * Databases prepared once per test run (issue 23 point 6): migrated, and migrated then seeded. A
 * test file copies one instead of running the migrations and the seed again: on PGlite a dump of the data folder
 * loaded in about 0.5 s where a new database takes 3 to 4 s (PGlite runs initdb for each one),
 * on PostgreSQL `create database … template …`. Each is made by the first file that asks for it;
 * the others wait for it.
 */
export type Prepared = 'migrated' | 'seeded';

/** What tests/helpers/global-setup.ts hands every test file: where this run keeps its databases. */
export interface PreparedPlace {
  /** A folder of this run's own under the OS temp folder. */
  folder: string;
  /** Names this run's PostgreSQL template databases. */
  runId: string;
}

export function newPreparedPlace(folder: string): PreparedPlace {
  return { folder, runId: randomBytes(5).toString('hex') };
}

/** The name inside a postgres:// URL replaced. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export const templateName = (place: PreparedPlace, kind: Prepared) =>
  `evergreen_template_${place.runId}_${kind}`;

async function fill(database: Awaited<ReturnType<typeof openDatabase>>, kind: Prepared) {
  await migrateDatabase(database);
  if (kind === 'seeded') await seedCatalogue(database.db);
}

const WAIT_MS = 180_000;

/**
 * The PGlite data folder of `kind` as a tar file (PGlite's `dumpDataDir`), made on first use. The
 * first caller takes the lock (mkdir is atomic), writes the file beside its final place and renames
 * it in; the others poll for it. A copy is loaded into memory (`openPrepared`): a data folder on disk
 * instead makes the query-heavy files half as fast again (measured).
 */
export async function preparedPgliteDump(place: PreparedPlace, kind: Prepared): Promise<string> {
  const ready = join(place.folder, `${kind}.tar`);
  if (existsSync(ready)) return ready;
  mkdirSync(place.folder, { recursive: true });
  let mine = false;
  try {
    mkdirSync(`${ready}.lock`);
    mine = true;
  } catch {
    // Another file is making it.
  }
  if (mine) {
    const database = await openDatabase();
    try {
      await fill(database, kind);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      writeFileSync(`${ready}.building`, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    renameSync(`${ready}.building`, ready);
    return ready;
  }
  const until = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (Date.now() > until) throw new Error(`The prepared database ${ready} was never made.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ready;
}

/** An in-memory PGlite database started from a dump, opened as the shop opens one. */
export function openPrepared(dumpFile: string): Promise<Database> {
  return openDatabase({ pglite: { loadDataDir: new Blob([readFileSync(dumpFile)]) } });
}

/**
 * The PostgreSQL template database of `kind`, made on first use under an advisory lock, so files
 * starting together make it once. Returns its name.
 */
export async function preparedPostgresTemplate(
  baseUrl: string,
  place: PreparedPlace,
  kind: Prepared,
): Promise<string> {
  const name = templateName(place, kind);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`create database ${name}`);
      const database = await openDatabase({ url: withDatabase(baseUrl, name), poolSize: 2 });
      try {
        await fill(database, kind);
      } finally {
        // A template must have no one connected when a copy is made of it.
        await database.close();
      }
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/** Drops this run's template databases (teardown). */
export async function dropPostgresTemplates(baseUrl: string, place: PreparedPlace): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (const kind of ['migrated', 'seeded'] as const) {
      await admin.query(`drop database if exists ${templateName(place, kind)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
