/**
 * Which node test files may share a worker with other files (Vitest's `isolate: false`),
 * decided by a rule read from each file's source, not by a hand list (issue 37 point 6).
 *
 * A worker shared between files keeps everything module-level from one file to the next: the
 * cached `config()` and anything else read from the environment once, module mocks, stubbed
 * globals, fake timers, listeners on `process`. So a file keeps a process of its own when its
 * source, or that of a test helper it imports (relative imports under tests/, followed), changes
 * any of that: an assignment or deletion in `process.env`, `vi.mock`/`vi.doMock`/`vi.stubGlobal`/
 * `vi.stubEnv`/`vi.useFakeTimers`/`vi.setSystemTime`/`vi.spyOn`/`vi.resetModules`,
 * `process.chdir`, a listener on `process`, its exit code or signals, or an assignment to a
 * global; when it starts other processes (`child_process`: a child inherits the worker's
 * environment and outlives a file that fails before stopping it, and such a file's time is the
 * child's, which sharing cannot spare); or when it is named in ISOLATED below with its reason.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What in a file's source changes state a later file in the same process would see. */
export const PROCESS_STATE_CHANGES: readonly RegExp[] = [
  /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)/,
  /delete\s+process\.env/,
  /Object\.assign\(\s*process\.env/,
  /process\.env\s*=(?!=)/,
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|setSystemTime|spyOn|resetModules)\b/,
  /process\.chdir\(/,
  /\bprocess\.(on|once|addListener|prependListener|prependOnceListener)\(/,
  /\bprocess\.(exitCode\s*=(?!=)|kill\(|umask\()/,
  /globalThis\.\w+\s*=(?!=)/,
  /Object\.defineProperty\(\s*(globalThis|process)\b/,
  /\bfrom\s+['"](node:)?child_process['"]/,
];

/** Files kept in a process of their own for a reason the rule cannot read, each with it. */
export const ISOLATED: Record<string, string> = {};

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    join(base, 'index.ts'),
  ]) {
    if (/\.(ts|tsx|mjs|js)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The first state change in `file` or the test helpers it imports, or undefined. */
export function stateChangeIn(
  file: string,
  testsRoot: string,
  seen = new Set<string>(),
): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const found = PROCESS_STATE_CHANGES.find((pattern) => pattern.test(source));
  if (found) return `${relative(process.cwd(), file)} matches ${found}`;
  for (const [, specifier] of source.matchAll(IMPORT)) {
    const target = resolveImport(file, specifier!);
    // Only the tests' own helpers: the app's modules are what the tests are about.
    if (!target || relative(testsRoot, target).startsWith('..')) continue;
    const change = stateChangeIn(target, testsRoot, seen);
    if (change) return change;
  }
  return undefined;
}

function testFiles(folder: string, recursive: boolean): string[] {
  return readdirSync(folder, { recursive, encoding: 'utf8' })
    .filter((name) => /\.test\.ts$/.test(name))
    .map((name) => join(folder, name));
}

/**
 * The node project's files (relative to `root`) split into those that keep a process each and
 * those that may share one.
 */
export function splitByWorkerSharing(
  root: string,
  folders: readonly { folder: string; recursive: boolean }[],
) {
  const testsRoot = resolve(root, 'tests');
  const isolated: string[] = [];
  const shared: string[] = [];
  for (const { folder, recursive } of folders) {
    for (const file of testFiles(resolve(root, folder), recursive)) {
      const name = relative(root, file);
      if (ISOLATED[name] || stateChangeIn(file, testsRoot)) isolated.push(name);
      else shared.push(name);
    }
  }
  return { isolated: isolated.sort(), shared: shared.sort() };
}
