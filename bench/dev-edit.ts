/**
 * `npm run bench:dev-edit`: how soon a saved change is served under `npm run dev`. Starts it on a
 * copy of the data folder (DATA_DIR, else .data; a fresh one when there is none), then saves one
 * change at a time to an article (MDX), an `.astro` component, a React island and a file of the
 * API, and prints each save-to-served time: the page (or, for the island, the module the browser
 * loads) polled until it shows the change, and /api/health answered by the reopened shop. Every
 * file is put back as it was, also when the bench fails or is stopped.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/helpers/free-port';
import { serverEnv } from './lib';

/** Seconds to wait for the first start (a loaded machine is slow to open a database). */
const START_SECONDS = Number(process.env.BENCH_START_SECONDS ?? 180);
/** Seconds one change may take before the bench gives up on it. */
const CHANGE_SECONDS = 60;
const mark = `bench-${Date.now().toString(36)}`;

interface Edit {
  label: string;
  file: string;
  change(text: string): string;
  /** What to poll, and how to see the change there. */
  url: string;
  shows(body: string): boolean;
}

const EDITS: Edit[] = [
  {
    label: 'article (content/blog/practical-gifts.mdx)',
    file: 'content/blog/practical-gifts.mdx',
    change: (text) => `${text.trimEnd()}\n\nSaved by the bench: ${mark}.\n`,
    url: '/blog/practical-gifts',
    shows: (body) => body.includes(`Saved by the bench: ${mark}.`),
  },
  {
    label: '.astro component (src/components/blog/ArticleCard.astro)',
    file: 'src/components/blog/ArticleCard.astro',
    change: (text) => text.replace('<article', `<article data-bench="${mark}"`),
    url: '/blog',
    shows: (body) => body.includes(`data-bench="${mark}"`),
  },
  {
    label: 'React island (src/islands/shell/Notices.tsx)',
    file: 'src/islands/shell/Notices.tsx',
    change: (text) => `${text.trimEnd()}\nexport const benchMark = '${mark}';\n`,
    url: '/src/islands/shell/Notices.tsx',
    shows: (body) => body.includes(mark),
  },
];

const originals = new Map<string, string>();
function restore(): void {
  for (const [file, text] of originals) writeFileSync(file, text);
  originals.clear();
}
function save(file: string, change: (text: string) => string): void {
  const text = originals.get(file) ?? readFileSync(file, 'utf8');
  originals.set(file, text);
  writeFileSync(file, change(text));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main(): Promise<void> {
  const source = resolve(process.env.DATA_DIR ?? '.data');
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-dev-edit-'));
  if (existsSync(source)) {
    // Not the backups; not the lock of a shop that may be running on the original.
    cpSync(source, dataDir, {
      recursive: true,
      filter: (path) => !/\/(backups|evergreen\.lock)$/.test(path),
    });
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const dev = spawn('npm', ['run', 'dev'], {
    env: serverEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const read = (chunk: Buffer) => (output += chunk.toString());
  dev.stdout.on('data', read);
  dev.stderr.on('data', read);
  const stop = () => {
    restore();
    if (dev.exitCode === null && dev.pid) process.kill(-dev.pid, 'SIGTERM');
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });

  try {
    const started = performance.now();
    while (!output.includes(`is open at ${base}/`)) {
      if (dev.exitCode !== null) throw new Error(`npm run dev stopped:\n${output}`);
      if (performance.now() - started > START_SECONDS * 1000)
        throw new Error(`npm run dev did not open in ${START_SECONDS} s:\n${output}`);
      await sleep(100);
    }
    console.log(`npm run dev opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const rows: [string, string][] = [];
    for (const edit of EDITS) {
      // The page once before the change, as an editor has it open.
      await fetch(base + edit.url).then((response) => response.text());
      save(edit.file, edit.change);
      const saved = performance.now();
      let ms: number | undefined;
      while (performance.now() - saved < CHANGE_SECONDS * 1000) {
        const body = await fetch(base + edit.url)
          .then((response) => response.text())
          .catch(() => '');
        if (edit.shows(body)) {
          ms = performance.now() - saved;
          break;
        }
        await sleep(20);
      }
      rows.push([
        edit.label,
        ms === undefined ? `not served in ${CHANGE_SECONDS} s` : `${Math.round(ms)} ms`,
      ]);
      restore();
      await sleep(1000);
    }

    // The API's side: a change under api/ reopens the shop; timed to the first answer after it.
    const apiFile = 'api/lib/log.ts';
    const opened = output.split('is open at').length;
    save(apiFile, (text) => `${text.trimEnd()}\n// ${mark}\n`);
    const saved = performance.now();
    let apiMs: number | undefined;
    while (performance.now() - saved < CHANGE_SECONDS * 1000) {
      const reopened = output.split('is open at').length > opened;
      if (
        reopened &&
        (await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        apiMs = performance.now() - saved;
        break;
      }
      await sleep(20);
    }
    rows.push([
      `API (${apiFile}): the shop reopened and answering`,
      apiMs === undefined ? `not in ${CHANGE_SECONDS} s` : `${Math.round(apiMs)} ms`,
    ]);
    restore();

    console.log('\nSaved change                                                 Served after');
    for (const [label, time] of rows) console.log(`${label.padEnd(60)} ${time}`);
  } finally {
    stop();
    await new Promise((done) => (dev.exitCode === null ? dev.once('exit', done) : done(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
