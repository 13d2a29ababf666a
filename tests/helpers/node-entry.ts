import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'vitest';

/**
 * The arguments after `node` that run one of the project's TypeScript entries (a test harness, a
 * script under scripts/) in a process of its own.
 *
 * In a Vitest run with its global set-up (tests/helpers/global-setup.ts), the entry is bundled
 * once per run with esbuild, as the production server is (scripts/build-server.mjs: packages
 * stay in node_modules), and the bundle is what runs: loading ~600 modules through tsx's loader
 * costs each process 2–3 s of CPU more (measured 4.2–4.9 s against 2.0–2.1 s to load the API and
 * open its database), and the suite starts some eighty such processes (issue 37 point 6). A
 * bundle is made again when a file it was made from has changed since (watch mode). Outside such
 * a run, or with EVERGREEN_SPAWN_TSX=1, the entry runs through tsx as `npm run` would run it.
 */
export async function nodeEntry(entry: string): Promise<string[]> {
  const place = inject('preparedPlace');
  if (!place || process.env.EVERGREEN_SPAWN_TSX === '1') return ['--import', 'tsx', entry];
  const folder = resolve('node_modules/.cache/evergreen-entries', place.runId);
  const name = entry.replace(/[^A-Za-z0-9]+/g, '-');
  const bundle = join(folder, `${name}.mjs`);
  const inputs = join(folder, `${name}.inputs.json`);
  if (!fresh(bundle, inputs)) await bundleEntry(entry, folder, bundle, inputs);
  return [bundle];
}

/** Whether the bundle exists and no file it was made from changed after it was written. */
function fresh(bundle: string, inputs: string): boolean {
  if (!existsSync(bundle) || !existsSync(inputs)) return false;
  const written = statSync(bundle).mtimeMs;
  const files = JSON.parse(readFileSync(inputs, 'utf8')) as string[];
  return files.every((file) => existsSync(file) && statSync(file).mtimeMs <= written);
}

/**
 * Bundles `entry` beside the others of this run. Files running side by side may bundle the same
 * entry at once: each writes its own file and renames it into place, so a process never starts
 * a half-written bundle (the inputs list goes first: a bundle newer than its list is never read
 * against an older one).
 */
async function bundleEntry(entry: string, folder: string, bundle: string, inputs: string) {
  mkdirSync(folder, { recursive: true });
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'warning',
    outfile: bundle,
  });
  const suffix = `${process.pid}-${basename(bundle)}.tmp`;
  const files = Object.keys(result.metafile.inputs).map((file) => resolve(file));
  writeFileSync(join(folder, `inputs-${suffix}`), JSON.stringify(files));
  renameSync(join(folder, `inputs-${suffix}`), inputs);
  writeFileSync(join(folder, `bundle-${suffix}`), result.outputFiles[0]!.contents);
  renameSync(join(folder, `bundle-${suffix}`), bundle);
}
