import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { LONG_WORK_TIMEOUTS, migrateDatabase, openDatabase, type Database } from '../../db/client';
import { openPgliteClient } from '../../db/pglite';
import {
  assertRestorable,
  BackupError,
  codeMigrationLevel,
  COUNTS_SQL,
  countsOf,
  MANIFEST,
  sha256,
  type Manifest,
  type ShopCounts,
} from './manifest';
import { assertRestorableEntry, kindOfTypeFlag } from './entries';
import { libpqEnvironment, runPgTool } from './pg-tools';
import { readTar, type TarEntry } from '../../lib/tar';

export interface RestoreTarget {
  /** DATABASE_URL: restore into this (empty) PostgreSQL database; unset: into `<dataDir>/db`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Replace existing data (the old data folder is kept beside it). */
  force?: boolean;
}

export interface RestoreReport {
  manifest: Manifest;
  /** The counts read from the restored database, to set beside the manifest's. */
  counts: ShopCounts;
  /** Migrations applied after the restore (an archive from an older version). */
  migrated: number;
  uploads: number;
  /** Folders set aside by --force. */
  setAside: string[];
}

/** The archive opened and every file checked against the manifest's checksums. */
export function openArchive(file: string): { manifest: Manifest; files: Map<string, Buffer> } {
  let entries: TarEntry[];
  try {
    entries = readTar(gunzipSync(readFileSync(file)));
  } catch (error) {
    throw new BackupError(`${file} is not a backup archive: ${(error as Error).message}`);
  }
  // Nothing is written before every entry is known to be a file or folder inside the data folder.
  for (const entry of entries) assertRestorableEntry(entry.name, kindOfTypeFlag(entry.type ?? '0'));
  const files = new Map(
    entries
      .filter((entry) => kindOfTypeFlag(entry.type ?? '0') === 'file')
      .map((entry) => [entry.name, entry.data]),
  );
  const manifestData = files.get(MANIFEST);
  if (!manifestData)
    throw new BackupError(`${file} is not a backup archive: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(manifestData.toString('utf8')) as Manifest;
  if (manifest.format !== 'evergreen-backup') {
    throw new BackupError(`${file} is not an Evergreen backup archive.`);
  }
  files.delete(MANIFEST);
  for (const [name, expected] of Object.entries(manifest.checksums)) {
    const data = files.get(name);
    if (!data) throw new BackupError(`The archive is damaged: ${name} is missing.`);
    if (sha256(data) !== expected) {
      throw new BackupError(`The archive is damaged: ${name} does not match its checksum.`);
    }
  }
  for (const name of files.keys()) {
    if (!(name in manifest.checksums)) {
      throw new BackupError(`The archive is damaged: ${name} is not in its manifest.`);
    }
  }
  return { manifest, files };
}

/**
 * Restores an archive into a stopped shop: checks it whole (checksums, a migration level this
 * version knows) before anything is written, refuses to replace existing data without `force`,
 * then brings the database back, migrates it to this version, and puts the uploads and secrets
 * back. The counts it reads afterwards are the caller's to compare with the manifest's.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const { manifest, files } = openArchive(file);
  const code = codeMigrationLevel();
  assertRestorable(manifest.migrations, code);
  const wanted = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== wanted) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.'
        : 'This backup is of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR).',
    );
  }
  const setAside: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keep = (path: string) => {
    const aside = `${path}.before-restore-${stamp}`;
    renameSync(path, aside);
    setAside.push(aside);
  };
  const dump = files.get(manifest.database.file)!;
  const uploads = [...files].filter(([name]) => name.startsWith('uploads/'));
  const secrets = files.get('secrets.json');

  // Everything is checked before anything is changed.
  const dbFolder = join(target.dataDir, 'db');
  const uploadsFolder = join(target.dataDir, 'uploads');
  const secretsFile = join(target.dataDir, 'secrets.json');
  const existing: string[] = [];
  if (target.databaseUrl) {
    if (await postgresHasTables(target.databaseUrl)) existing.push('the PostgreSQL database');
  } else if (existsSync(join(dbFolder, 'PG_VERSION'))) existing.push(dbFolder);
  if (uploads.length && existsSync(uploadsFolder) && readdirSync(uploadsFolder).length) {
    existing.push(uploadsFolder);
  }
  if (secrets && existsSync(secretsFile) && !readFileSync(secretsFile).equals(secrets)) {
    existing.push(secretsFile);
  }
  if (existing.length && !target.force) {
    throw new BackupError(
      `Not restoring over existing data (${existing.join(', ')}): restore into an empty place, or add --force to replace it (what it replaces is kept beside it).`,
    );
  }

  let database: Database;
  if (target.databaseUrl) {
    await restorePostgres(target.databaseUrl, dump, existing.includes('the PostgreSQL database'));
    database = await openDatabase({
      url: target.databaseUrl,
      poolSize: 2,
      timeouts: LONG_WORK_TIMEOUTS,
    });
  } else {
    if (existing.includes(dbFolder)) keep(dbFolder);
    mkdirSync(dbFolder, { recursive: true });
    const client = await openPgliteClient(dbFolder, {
      loadDataDir: new Blob([new Uint8Array(dump)]),
    });
    await client.close();
    database = await openDatabase({ dataDir: dbFolder });
  }
  try {
    await migrateDatabase(database);
    const counts = countsOf(rowsOf(await database.db.execute(COUNTS_SQL))[0]);
    if (existing.includes(uploadsFolder)) keep(uploadsFolder);
    for (const [name, data] of uploads) {
      const path = join(target.dataDir, name);
      mkdirSync(dirname(path), { recursive: true });
      await writeFile(path, data);
    }
    if (secrets) {
      if (existing.includes(secretsFile)) keep(secretsFile);
      mkdirSync(target.dataDir, { recursive: true });
      await writeFile(secretsFile, secrets, { mode: 0o600 });
    }
    return {
      manifest,
      counts,
      migrated: code.count - manifest.migrations.count,
      uploads: uploads.length,
      setAside,
    };
  } finally {
    await database.close();
  }
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result)
    ? result
    : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: boolean }>(
      `select exists (select 1 from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema')) as found`,
    );
    return rows[0]?.found === true;
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, dump: Buffer, replace: boolean): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'evergreen-restore-'));
  try {
    const file = join(folder, 'postgres.dump');
    await writeFile(file, dump, { mode: 0o600 });
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (replace) args.push('--clean', '--if-exists');
    await runPgTool(
      'pg_restore',
      [...args, `--dbname=${libpqEnvironment(url).PGDATABASE}`, file],
      url,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
