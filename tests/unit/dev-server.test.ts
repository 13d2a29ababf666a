import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

/**
 * `npm run dev` (scripts/dev.mjs) on a copy of the project (never writing into the real
 * content/): it serves through the production entry (the API answers /api/health from the same
 * server as the pages), and an editor's new MDX file in content/blog/ (README, "Writing for the
 * shop") is rebuilt into a page at /blog/<file name>, in the blog index, the RSS feed and the
 * sitemap.
 */

const slug = `test-new-article-${randomBytes(4).toString('hex')}`;
/**
 * What the build needs. The copy lives in a folder of the project that git ignores, so packages
 * resolve from the project's own node_modules as they do for the real site.
 */
const PROJECT_PARTS = [
  'astro.config.mjs',
  'package.json',
  'tsconfig.json',
  'src',
  'content',
  'public',
  'api',
  'core',
  'server',
  'scripts',
];
mkdirSync(resolve('.data'), { recursive: true });
for (const entry of readdirSync(resolve('.data'))) {
  if (entry.startsWith('dev-test-'))
    rmSync(resolve('.data', entry), { recursive: true, force: true });
}
const root = mkdtempSync(resolve('.data', 'dev-test-'));
const file = join(root, 'content/blog', `${slug}.mdx`);
const title = `A Test Article ${slug}`;

const article = `---
title: ${title}
description: An article written by a test to prove that one new file becomes a page of the blog.
date: 2030-01-01
heroImage: ./images/practical-gifts.webp
heroAlt: Illustrations of a cutting board, towels and a dog in a raincoat.
products:
  - cedar-ridge-mug
---

import ProductLink from '../../src/components/content/ProductLink.astro';

A new article with a link to the <ProductLink slug="cedar-ridge-mug">Cedar Ridge mug</ProductLink>.
`;

describe('npm run dev', () => {
  let dev: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    for (const part of PROJECT_PARTS) cpSync(resolve(part), join(root, part), { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dev = spawn('npm', ['run', 'dev'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(root, '.data'),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // The server says where it is open once the first build is served.
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`is open at http://127.0.0.1:${port}/`)) resolve();
        // A failed first build or a server that stops would otherwise leave this waiting.
        if (/cannot start|\[dev\] the build failed|\[dev\] the server stopped/.test(output))
          reject(new Error(output));
      };
      dev.stdout!.on('data', read);
      dev.stderr!.on('data', read);
      dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
    });
  }, 310_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((done) => dev.once('exit', done));
      process.kill(-dev.pid, 'SIGTERM');
      await exited;
    }
  });

  it('serves the API and the pages from one server, and rebuilds a new article', async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/blog/${slug}`)).status).toBe(404);

    writeFileSync(file, article);
    await expect
      .poll(async () => (await fetch(`${base}/blog/${slug}`).catch(() => undefined))?.status, {
        timeout: 300_000,
        interval: 1_000,
      })
      .toBe(200);

    const page = await (await fetch(`${base}/blog/${slug}`)).text();
    expect(page).toContain(`<h1`);
    expect(page).toContain(title);
    expect(page).toMatch(/href="\/productdetailpage\/[0-9a-f-]{36}"/);
    expect(await (await fetch(`${base}/blog`)).text()).toContain(`href="/blog/${slug}"`);
    expect(await (await fetch(`${base}/rss.xml`)).text()).toContain(`<title>${title}</title>`);
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain(`/blog/${slug}</loc>`);
    // The project itself was never written to.
    expect(existsSync(join(process.cwd(), 'content/blog', `${slug}.mdx`))).toBe(false);
  }, 310_000);
});
