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
import { join } from 'node:path';
import pg from 'pg';
import { LONG_WORK_TIMEOUTS, migrateDatabase, openDatabase, type Database } from '../../db/client';
import { entryToFile, extractTarFile, readArchive } from '../../lib/tar';
import {
  assertRestorable,
  BackupError,
  codeMigrationLevel,
  COUNTS_SQL,
  countsOf,
  sha256,
  type Manifest,
  type ShopCounts,
} from './manifest';
import { assertRestorableEntry } from './entries';
import { openArchive } from './open-archive';
import { libpqEnvironment, runPgTool } from './pg-tools';

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

/**
 * Restores an archive into a stopped shop: checks it whole (checksums, a migration level this
 * version knows) before anything is written, refuses to replace existing data without `force`,
 * then brings the database back, migrates it to this version, and puts the uploads and secrets
 * back. The counts it reads afterwards are the caller's to compare with the manifest's.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const { manifest, names } = await openArchive(file);
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
  const uploads = [...names].filter((name) => name.startsWith('uploads/'));
  const secretsSum = names.has('secrets.json') ? manifest.checksums['secrets.json'] : undefined;

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
  if (secretsSum && existsSync(secretsFile) && sha256(readFileSync(secretsFile)) !== secretsSum) {
    existing.push(secretsFile);
  }
  if (existing.length && !target.force) {
    throw new BackupError(
      `Not restoring over existing data (${existing.join(', ')}): restore into an empty place, or add --force to replace it (what it replaces is kept beside it).`,
    );
  }

  const work = mkdtempSync(join(tmpdir(), 'evergreen-restore-'));
  let database: Database | undefined;
  try {
    if (existing.includes(uploadsFolder)) keep(uploadsFolder);
    const dump = join(work, 'database');
    const secrets = await unpackArchive(file, manifest.database.file, dump, target.dataDir);
    if (target.databaseUrl) {
      await restorePostgres(target.databaseUrl, dump, existing.includes('the PostgreSQL database'));
      database = await openDatabase({
        url: target.databaseUrl,
        poolSize: 2,
        timeouts: LONG_WORK_TIMEOUTS,
      });
    } else {
      if (existing.includes(dbFolder)) keep(dbFolder);
      extractTarFile(dump, dbFolder);
      database = await openDatabase({ dataDir: dbFolder });
    }
    await migrateDatabase(database);
    const counts = countsOf(rowsOf(await database.db.execute(COUNTS_SQL))[0]);
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
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The second read of a checked archive: the database's dump streamed to `dump`, the uploads into
 * the data folder (each name checked again), the secrets answered.
 */
async function unpackArchive(
  file: string,
  databaseName: string,
  dump: string,
  dataDir: string,
): Promise<Buffer | undefined> {
  const secrets: Buffer[] = [];
  let found = false;
  await readArchive(file, (entry) => {
    assertRestorableEntry(entry.path, entry.type);
    if (entry.type !== 'Directory' && entry.path === databaseName) {
      found = true;
      return entryToFile(entry, dump);
    }
    if (entry.type !== 'Directory' && entry.path.startsWith('uploads/')) {
      return entryToFile(entry, join(dataDir, entry.path));
    }
    if (entry.path === 'secrets.json') entry.on('data', (chunk: Buffer) => secrets.push(chunk));
    else entry.resume();
    return undefined;
  });
  if (!found) throw new BackupError(`The archive is damaged: ${databaseName} is missing.`);
  return secrets.length ? Buffer.concat(secrets) : undefined;
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

async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  {
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (replace) args.push('--clean', '--if-exists');
    await runPgTool(
      'pg_restore',
      [...args, `--dbname=${libpqEnvironment(url).PGDATABASE}`, file],
      url,
    );
  }
}
