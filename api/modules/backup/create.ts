import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';
import {
  archiveName,
  COUNTS_SQL,
  countsOf,
  levelOf,
  MANIFEST,
  MIGRATION_LEVEL_SQL,
  sha256,
  type Manifest,
  type MigrationLevel,
  type ShopCounts,
} from './manifest';
import { runPgTool } from './pg-tools';
import { writeTar, type TarEntry } from '../../lib/tar';

export interface BackupSource {
  database: Pick<Database, 'db' | 'kind'>;
  /** DATABASE_URL when the database is PostgreSQL (pg_dump connects on its own). */
  databaseUrl?: string | undefined;
  /** The shop's data folder: its `uploads/` and `secrets.json` are copied. */
  dataDir: string;
  shopVersion: string;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

interface DatabaseCopy {
  entry: TarEntry;
  migrations: MigrationLevel;
  counts: ShopCounts;
}

/**
 * Writes one archive of everything the shop needs to come back into `dir`: the database (PGlite:
 * its data folder dumped between two statements of the running shop; PostgreSQL: `pg_dump`'s
 * custom format of one snapshot), the uploaded images, the generated secrets and the manifest,
 * whose counts are read in the same snapshot as the dump. The archive is written beside its final
 * name and renamed in, so a half-written one never looks like a backup.
 */
export async function createBackup(
  source: BackupSource,
  dir: string,
  now = new Date(),
): Promise<BackupResult> {
  const copy =
    source.database.kind === 'pglite'
      ? await copyPglite(source.database.db)
      : await copyPostgres(source.databaseUrl);
  const entries = [copy.entry, ...filesUnder(source.dataDir, 'uploads')];
  const secrets = join(source.dataDir, 'secrets.json');
  if (existsSync(secrets)) entries.push({ name: 'secrets.json', data: readFileSync(secrets) });
  const manifest: Manifest = {
    format: 'evergreen-backup',
    formatVersion: 1,
    shopVersion: source.shopVersion,
    createdAt: now.toISOString(),
    database: { kind: source.database.kind, file: copy.entry.name },
    migrations: copy.migrations,
    counts: copy.counts,
    checksums: Object.fromEntries(entries.map((entry) => [entry.name, sha256(entry.data)])),
  };
  const manifestEntry = { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) };
  const archive = await promisify(gzip)(writeTar([manifestEntry, ...entries], now));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, archiveName(now));
  await writeFile(`${file}.partial`, archive, { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return { file, manifest };
}

/** Every file under `<dataDir>/<folder>`, named by its path from the data folder. */
function filesUnder(dataDir: string, folder: string): TarEntry[] {
  const root = join(dataDir, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => ({
      name: relative(dataDir, path).split('\\').join('/'),
      data: readFileSync(path),
    }));
}

/**
 * PGlite: one process, one connection. Inside a transaction no other statement of the shop runs
 * (PGlite queues them), so the counts and the dump see the same committed state; the checkpoint
 * first writes the data pages out, so a restore replays little WAL.
 */
async function copyPglite(db: Database['db']): Promise<DatabaseCopy> {
  const client = (db as unknown as { $client: PGlite }).$client;
  await client.exec('checkpoint');
  return client.transaction(async (tx: Transaction) => {
    const level = (await tx.query<{ count: number; last: string }>(MIGRATION_LEVEL_SQL)).rows[0];
    const counts = (await tx.query<Record<string, unknown>>(COUNTS_SQL)).rows[0];
    const dump = await client.dumpDataDir('none');
    return {
      entry: { name: 'database/pglite.tar', data: Buffer.from(await dump.arrayBuffer()) },
      migrations: levelOf(level),
      counts: countsOf(counts),
    };
  });
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; the counts are read in it and
 * pg_dump dumps that same snapshot, however many orders come in meanwhile.
 */
async function copyPostgres(url: string | undefined): Promise<DatabaseCopy> {
  if (!url) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const folder = mkdtempSync(join(tmpdir(), 'evergreen-dump-'));
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]!.id;
    const level = (await client.query<{ count: number; last: string }>(MIGRATION_LEVEL_SQL))
      .rows[0];
    const counts = (await client.query<Record<string, unknown>>(COUNTS_SQL)).rows[0];
    const file = join(folder, 'postgres.dump');
    await runPgTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`],
      url,
    );
    return {
      entry: { name: 'database/postgres.dump', data: readFileSync(file) },
      migrations: levelOf(level),
      counts: countsOf(counts),
    };
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
    rmSync(folder, { recursive: true, force: true });
  }
}
