import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's memory, sized for a small shop. PGlite's own default `shared_buffers`
 * (128 MB) is a server's; measured with PGlite 0.5.16, 16 MB keeps the idle process about 130 MB
 * smaller, and the catalogue is read from the shop's in-memory read model anyway. Settings that
 * are only allocated while a query runs (work_mem, temp_buffers) do not change the idle size, and
 * the WebAssembly heap cannot start below PGlite's 128 MB.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * How V8 compiles PGlite's WebAssembly. 'baseline' (V8's Liftoff only) leaves out the optimised
 * copies of the hot database code that V8 otherwise compiles in the background: measured with the
 * demo shop, 50–80 MB less idle memory, with no measurable loss on a loop of order transactions.
 * V8 has one such switch per process; only the embedded database sets it, before it compiles.
 */
export const PGLITE_WASM_COMPILERS = ['baseline', 'optimizing'] as const;
export type PgliteWasmCompiler = (typeof PGLITE_WASM_COMPILERS)[number];
export const DEFAULT_PGLITE_WASM_COMPILER: PgliteWasmCompiler = 'baseline';

/** A PostgreSQL memory size: a whole number of kB, MB or GB. */
export const MEMORY_SIZE = /^(\d+)(kB|MB|GB)$/;

/** The size in kB of a value that matches MEMORY_SIZE. */
export function memorySizeInKb(value: string): number {
  const [, amount, unit] = MEMORY_SIZE.exec(value) ?? [];
  const scale = unit === 'GB' ? 1024 * 1024 : unit === 'MB' ? 1024 : 1;
  return Number(amount) * scale;
}

export interface PgliteSettings {
  /** PostgreSQL's shared_buffers, e.g. '16MB'. */
  sharedBuffers?: string | undefined;
  wasmCompiler?: PgliteWasmCompiler | undefined;
  /** An in-memory database starts from this dump (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
}

/**
 * Opens PGlite (the current engine) with the shop's memory settings. The settings go on the start
 * command line, not through PGlite's `postgresqlconf` option, which overwrites the data folder's
 * postgresql.conf (measured): a setting then applies to this start only.
 *
 * pg_trgm: migration 0001 creates the extension (an early search used it; no index or query does
 * now), and PGlite can create it only with the extension's module loaded. So the module is loaded
 * only for a database that has not created the extension yet (in memory, a new folder, or a folder
 * whose migrations stopped before 0001); every later open of a shop's folder, and a database
 * loaded from a migrated dump, goes without it.
 */
export async function openPgliteClient(
  dataDir: string | undefined,
  settings: PgliteSettings = {},
): Promise<PGlite> {
  if ((settings.wasmCompiler ?? DEFAULT_PGLITE_WASM_COMPILER) === 'baseline') {
    setFlagsFromString('--liftoff-only');
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const sharedBuffers = settings.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  const hasFolder = () => Boolean(dataDir && existsSync(join(dataDir, 'PG_VERSION')));
  const open = async (withTrigram: boolean) =>
    PGlite.create({
      // The options form: `create(undefined, options)` would drop the extensions in memory.
      ...(dataDir ? { dataDir } : {}),
      // A dump is loaded only where there is no database yet (a folder reopened keeps its own).
      ...(settings.loadDataDir && !hasFolder() ? { loadDataDir: settings.loadDataDir } : {}),
      ...(withTrigram
        ? {
            extensions: { pg_trgm: (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm },
          }
        : {}),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    });
  // A new database (no folder, no dump) runs the migrations: it needs the module. A dump made by
  // the shop (the build's first image, a backup) has created the extension already.
  if (!hasFolder() && !settings.loadDataDir) return open(true);
  const client = await open(false);
  if (await hasTrigramExtension(client)) return client;
  await client.close();
  return open(true);
}

/** Whether migration 0001 has created pg_trgm in this database. */
export async function hasTrigramExtension(client: Pick<PGlite, 'query'>): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    "select exists (select 1 from pg_extension where extname = 'pg_trgm') as found",
  );
  return rows[0]?.found === true;
}
