// The JavaScript budget of content pages (issue 37): the scripts a prerendered content page loads
// before anyone touches it — its islands, their renderer and every module they import statically —
// must stay under BUDGET_KIB as sent (brotli). Dynamic imports (the API client, the schemas) are
// loaded on first use and do not count. Run after `astro build`; exits 1 over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KIB = 75;

/** The content pages measured: prerendered, with nothing but the shell's islands on them. */
// The blog index is rendered on request (scheduled articles, issue 38): its shell is the same.
export const CONTENT_PAGES = ['faq', 'about-us', 'return-policy', 'photolicensing'];

const ENTRY = /(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g;
// Static imports only: `import{a as b}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g;

/** Every script file the page at `htmlPath` loads at start, as `/_astro/…` paths. */
export function scriptsOf(clientRoot, htmlPath) {
  const html = readFileSync(htmlPath, 'utf8');
  const queue = [...html.matchAll(ENTRY)].map((match) => match[1]);
  const seen = new Set();
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(clientRoot, url), 'utf8');
    for (const [, relative] of code.matchAll(STATIC_IMPORT)) {
      queue.push(`/_astro/${relative.slice(2)}`);
    }
  }
  return [...seen];
}

/** The page's start-up JavaScript in KiB as sent (brotli, quality as the precompressed files). */
export function kibOf(clientRoot, scripts) {
  const bytes = scripts.reduce(
    (sum, url) => sum + brotliCompressSync(readFileSync(join(clientRoot, url))).length,
    0,
  );
  return bytes / 1024;
}

/** Each content page's figure and whether it is within budget. */
export function measure(clientRoot, pages = CONTENT_PAGES, budget = BUDGET_KIB) {
  return pages.map((page) => {
    const scripts = scriptsOf(clientRoot, join(clientRoot, page, 'index.html'));
    const kib = kibOf(clientRoot, scripts);
    return { page, files: scripts.length, kib, within: kib <= budget };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientRoot = join(process.env.BUILD_DIR ?? 'dist', 'client');
  const rows = measure(clientRoot);
  for (const row of rows) {
    console.log(
      `JavaScript budget: /${row.page}: ${row.kib.toFixed(1)} KiB in ${row.files} files ` +
        `(budget ${BUDGET_KIB} KiB)${row.within ? '' : ' — OVER BUDGET'}`,
    );
  }
  if (rows.some((row) => !row.within)) {
    console.error(
      'A content page loads more JavaScript than its budget: load what only some pages need ' +
        'with a dynamic import on first use (see src/lib/lazy-api.ts).',
    );
    process.exit(1);
  }
}
