import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/lib/article-schema';

/**
 * Issue 38 point 2, as an editor meets it: Astro itself (`astro sync`, which `npm run dev` and the
 * build run first) refuses a broken article, naming the file and each field with the schema's own
 * words. A small project with the shop's content config and one bad article: the real build reads
 * the same config (src/content.config.ts) over content/.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside node_modules, so the fixture resolves the shop's packages and no linter reads it.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const fixture = mkdtempSync(join(cache, 'evergreen-content-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function project(article: string) {
  mkdirSync(join(fixture, 'src', 'lib'), { recursive: true });
  for (const file of ['src/content.config.ts', 'src/lib/article-schema.ts', 'src/lib/topics.ts']) {
    cpSync(join(ROOT, file), join(fixture, file));
  }
  writeFileSync(
    join(fixture, 'astro.config.mjs'),
    "import mdx from '@astrojs/mdx';\nexport default { integrations: [mdx()] };\n",
  );
  mkdirSync(join(fixture, 'content', 'blog'), { recursive: true });
  mkdirSync(join(fixture, 'content', 'pages'), { recursive: true });
  writeFileSync(join(fixture, 'content', 'blog', 'gifts-for-bakers.mdx'), article);
}

describe(
  'a broken article stops Astro, naming the file and the field',
  { timeout: 120_000 },
  () => {
    it('missing alt text, a long description and a picture that is not there', () => {
      const long = 'A description that goes on and on. '.repeat(6).trim();
      project(
        [
          '---',
          'title: Gifts for Bakers',
          `description: ${long}`,
          'date: 2026-11-20',
          'heroImage: ./images/no-such-picture.webp',
          'products:',
          '  - cedar-ridge-mug',
          '---',
          '',
          'Flour, butter and a good bowl.',
          '',
        ].join('\n'),
      );
      const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/astro.js'), 'sync'], {
        cwd: fixture,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'development', ASTRO_TELEMETRY_DISABLED: '1' },
      });
      // Astro colours its messages when the environment asks (CI does): read them as plain text.
      const said = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`);
      expect(run.status, said).not.toBe(0);
      expect(said).toContain('gifts-for-bakers');
      expect(said).toContain(`heroAlt: ${CONTENT_MESSAGES.heroAlt}`);
      expect(said).toContain(`description: ${CONTENT_MESSAGES.description(long.length)}`);
      expect(said).toContain('no-such-picture.webp');
    });
  },
);
