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
}

/**
 * Opens PGlite (the current engine) with pg_trgm and the shop's memory settings. The settings go on
 * the start command line, not through PGlite's `postgresqlconf` option, which overwrites the data
 * folder's postgresql.conf (measured): a setting then applies to this start only.
 */
export async function openPgliteClient(
  dataDir: string | undefined,
  settings: PgliteSettings = {},
): Promise<PGlite> {
  if ((settings.wasmCompiler ?? DEFAULT_PGLITE_WASM_COMPILER) === 'baseline') {
    setFlagsFromString('--liftoff-only');
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const sharedBuffers = settings.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  // The options form: `create(undefined, options)` would drop the extensions for an in-memory database.
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
}
