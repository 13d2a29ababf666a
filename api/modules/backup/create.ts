import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, LONG_WORK_TIMEOUTS, type Database } from '../../db/client';
import { log } from '../../lib/log';
import {
  archiveName,
  COUNTS_SQL,
  countsOf,
  levelOf,
  MANIFEST,
  MIGRATION_LEVEL_SQL,
  type Manifest,
  type MigrationLevel,
  type ShopCounts,
} from './manifest';
import { runPgTool } from './pg-tools';
import { writeArchive } from '../../lib/tar';

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
  /** The dump's name in the archive, and where it waits on disk meanwhile. */
  name: string;
  file: string;
  migrations: MigrationLevel;
  counts: ShopCounts;
}

/**
 * Writes one archive of everything the shop needs to come back into `dir`: the database (PGlite:
 * its data folder copied between two statements of the running shop; PostgreSQL: `pg_dump`'s
 * custom format of one snapshot), the uploaded images, the generated secrets and, last, the
 * manifest, whose counts are read in the same snapshot as the dump and whose checksums are taken
 * on the way in. Everything streams from disk through tar and gzip into the file (issue 36 row 6):
 * the database's copy waits in a private folder beside the archive, never in memory. The archive
 * is written beside its final name and renamed in, so a half-written one never looks like a backup.
 */
export async function createBackup(
  source: BackupSource,
  dir: string,
  now = new Date(),
): Promise<BackupResult> {
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, '.evergreen-backup-'));
  const file = join(dir, archiveName(now));
  try {
    const copy =
      source.database.kind === 'pglite'
        ? await copyPglite(source.database.db, work)
        : await copyPostgres(source.databaseUrl, work);
    const archive = writeArchive(`${file}.partial`, now);
    const checksums: Record<string, string> = {};
    const add = async (name: string, from: string) =>
      (checksums[name] = await archive.add(name, from));
    await add(copy.name, copy.file);
    for (const [name, path] of filesUnder(source.dataDir, 'uploads')) await add(name, path);
    const secrets = join(source.dataDir, 'secrets.json');
    if (existsSync(secrets)) await add('secrets.json', secrets);
    const manifest: Manifest = {
      format: 'evergreen-backup',
      formatVersion: 1,
      shopVersion: source.shopVersion,
      createdAt: now.toISOString(),
      database: { kind: source.database.kind, file: copy.name },
      migrations: copy.migrations,
      counts: copy.counts,
      checksums,
    };
    await archive.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await archive.close();
    await rename(`${file}.partial`, file);
    return { file, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(`${file}.partial`, { force: true });
  }
}

/** Every folder under `root`, by its path from there (PostgreSQL needs its empty ones too). */
function foldersUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Every file under `<dataDir>/<folder>`: its name from the data folder, and its path. */
function filesUnder(dataDir: string, folder: string): [string, string][] {
  const root = join(dataDir, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => [relative(dataDir, path).split('\\').join('/'), path]);
}

/**
 * PGlite: one process, one connection. Inside a transaction no other statement of the shop runs
 * (PGlite queues them), so the counts and the dump see the same committed state; the checkpoint
 * first writes the data pages out, so a restore replays little WAL.
 */
async function copyPglite(db: Database['db'], work: string): Promise<DatabaseCopy> {
  const client = (db as unknown as { $client: PGlite }).$client;
  const file = join(work, 'pglite.tar');
  const folder = onDisk(client.dataDir);
  await client.exec('checkpoint');
  return client.transaction(async (tx: Transaction) => {
    const level = (await tx.query<{ count: number; last: string }>(MIGRATION_LEVEL_SQL)).rows[0];
    const counts = (await tx.query<Record<string, unknown>>(COUNTS_SQL)).rows[0];
    if (folder) {
      // Nothing else runs meanwhile: the folder on disk is the database as of this statement.
      const inner = writeArchive(file, new Date(), false);
      for (const name of foldersUnder(folder)) inner.addFolder(name);
      for (const [name, path] of filesUnder(folder, '.')) await inner.add(name, path);
      await inner.close();
    } else {
      // An in-memory database (tests, tools) has no folder: PGlite's own dump.
      const dump = await client.dumpDataDir('none');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    }
    return {
      name: 'database/pglite.tar',
      file,
      migrations: levelOf(level),
      counts: countsOf(counts),
    };
  });
}

/** PGlite's data folder when it is one on this disk (not memory:// or an in-browser store). */
function onDisk(dataDir: string | undefined): string | undefined {
  return dataDir && !/^[a-z]+:\/\//.test(dataDir) && existsSync(dataDir) ? dataDir : undefined;
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; the counts are read in it and
 * pg_dump dumps that same snapshot, however many orders come in meanwhile.
 */
async function copyPostgres(url: string | undefined, work: string): Promise<DatabaseCopy> {
  if (!url) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
  // A backup's limits, not a request's: its snapshot stays open while pg_dump runs (which sets its
  // own connection's statement_timeout to none).
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: LONG_WORK_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: LONG_WORK_TIMEOUTS.idleInTransactionMs,
    query_timeout: LONG_WORK_TIMEOUTS.queryMs,
  });
  // A lost connection fails this backup (pg_dump's own fails it too), never the process.
  client.on('error', (error) => log('error', 'backup connection lost', { error: error.message }));
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]!.id;
    const level = (await client.query<{ count: number; last: string }>(MIGRATION_LEVEL_SQL))
      .rows[0];
    const counts = (await client.query<Record<string, unknown>>(COUNTS_SQL)).rows[0];
    const file = join(work, 'postgres.dump');
    await runPgTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`],
      url,
    );
    return {
      name: 'database/postgres.dump',
      file,
      migrations: levelOf(level),
      counts: countsOf(counts),
    };
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
