import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { ConfigError } from '../config';
import { openPgliteClient, type PgliteSettings } from './pglite';

/**
 * A data folder names the PostgreSQL major version that wrote it in PG_VERSION. PGlite 0.5 is
 * PostgreSQL 18 and cannot read a folder of PGlite 0.3 (PostgreSQL 17): it fails with a
 * WebAssembly trace. Such a folder is upgraded here before the shop opens it: dumped with the old
 * engine (kept as the `pglite-03` dependency), restored into a new folder, checked table by table,
 * and swapped in; the old folder stays beside it, untouched.
 */
const CURRENT_MAJOR = '18';
const PGLITE_03_MAJOR = '17';

export type EmbeddedFolderState = 'absent' | 'current' | 'pglite-0.3' | { unknownMajor: string };

export function embeddedFolderState(dataDir: string): EmbeddedFolderState {
  const versionFile = join(dataDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return 'absent';
  const major = readFileSync(versionFile, 'utf8').trim();
  if (major === CURRENT_MAJOR) return 'current';
  if (major === PGLITE_03_MAJOR) return 'pglite-0.3';
  return { unknownMajor: major };
}

/** Where an upgraded folder waits, complete and checked, to take the data folder's place. */
const upgradedName = (dataDir: string) => `${dataDir}.upgraded`;

/**
 * Makes `dataDir` a folder the current PGlite can open (or leaves it absent for a new shop).
 * Returns where the old folder was kept when it upgraded one.
 */
export async function prepareEmbeddedFolder(
  dataDir: string,
  settings: PgliteSettings = {},
  log: (line: string) => void = console.log,
): Promise<string | undefined> {
  finishInterruptedSwap(dataDir);
  const state = embeddedFolderState(dataDir);
  if (state === 'absent' || state === 'current') return undefined;
  if (state !== 'pglite-0.3') {
    throw new ConfigError(
      `The embedded database in ${dataDir} was written by PostgreSQL ${state.unknownMajor}, which this version of the shop can neither read nor upgrade: start it with the version of the shop that wrote it, or move the folder away to start with an empty shop.`,
    );
  }
  const backup = await upgradeFromPglite03(dataDir, settings);
  log(
    `Upgraded the embedded database in ${dataDir} from PGlite 0.3 to 0.5; the old folder is kept at ${backup}.`,
  );
  return backup;
}

/** A stop between the two renames leaves no data folder but a complete upgraded one. */
function finishInterruptedSwap(dataDir: string): void {
  if (!existsSync(dataDir) && existsSync(upgradedName(dataDir))) {
    renameSync(upgradedName(dataDir), dataDir);
  }
}

async function upgradeFromPglite03(dataDir: string, settings: PgliteSettings): Promise<string> {
  const source = `${dataDir}.upgrade-source`;
  const staging = `${dataDir}.upgrading`;
  // Left by an attempt that stopped part-way: the data folder itself was not touched then.
  for (const leftover of [source, staging, upgradedName(dataDir)]) {
    rmSync(leftover, { recursive: true, force: true });
  }
  // The old engine writes to a folder it opens (checkpoint, postmaster.pid): dump from a copy,
  // so the folder kept as the backup is exactly the one the shop left.
  cpSync(dataDir, source, { recursive: true });
  let dump: { sql: string; rowCounts: Map<string, number> };
  try {
    dump = await dumpWithPglite03(source);
  } finally {
    rmSync(source, { recursive: true, force: true });
  }

  const next = await openPgliteClient(staging, settings);
  try {
    // One simple-query message: PostgreSQL runs the whole dump as one transaction.
    await next.exec(dump.sql);
    await checkRowCounts(next, dump.rowCounts);
  } catch (error) {
    await next.close().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    throw new ConfigError(
      `The embedded database in ${dataDir} (PGlite 0.3) could not be upgraded to PGlite 0.5 and was left as it was: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await next.close();

  renameSync(staging, upgradedName(dataDir));
  const backup = freeBackupName(dataDir);
  renameSync(dataDir, backup);
  renameSync(upgradedName(dataDir), dataDir);
  return backup;
}

function freeBackupName(dataDir: string): string {
  const base = `${dataDir}-pglite-0.3-backup`;
  if (!existsSync(base)) return base;
  for (let n = 2; ; n++) if (!existsSync(`${base}-${n}`)) return `${base}-${n}`;
}

const TABLES_SQL = `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
  from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  order by 1`;

type Queryable = Pick<PGlite, 'query'>;

async function rowCounts(pg: Queryable): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const { rows } = await pg.query<{ name: string }>(TABLES_SQL);
  for (const { name } of rows) {
    const result = await pg.query<{ count: number }>(`select count(*)::int as count from ${name}`);
    counts.set(name, result.rows[0]!.count);
  }
  return counts;
}

async function checkRowCounts(pg: Queryable, expected: Map<string, number>): Promise<void> {
  const actual = await rowCounts(pg);
  for (const [table, count] of expected) {
    if (actual.get(table) !== count) {
      throw new Error(
        `${table} has ${actual.get(table) ?? 'no'} rows after the upgrade, ${count} before.`,
      );
    }
  }
}

async function dumpWithPglite03(
  folder: string,
): Promise<{ sql: string; rowCounts: Map<string, number> }> {
  const [{ PGlite: PGlite03 }, { pg_trgm }, { pgDump }] = await Promise.all([
    import('pglite-03'),
    import('pglite-03/contrib/pg_trgm'),
    import('pglite-03-tools/pg_dump'),
  ]);
  const old = await PGlite03.create({ dataDir: folder, extensions: { pg_trgm } });
  try {
    const counts = await rowCounts(old);
    // pg_dump's types name the current PGlite; it speaks the wire protocol to the 0.3 instance.
    const file = await pgDump({
      pg: old as unknown as PGlite,
      args: ['--no-owner', '--no-privileges', '--rows-per-insert=500'],
    });
    return { sql: await file.text(), rowCounts: counts };
  } finally {
    await old.close();
  }
}
