import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '../../api/lib/request-limits';
import { freePort } from '../helpers/free-port';

/**
 * `npm run dev` (server/dev.ts) on a copy of the project (never writing into the real content/):
 * pages come from Astro's dev server inside the shop's own entry, so an editor's saved article is
 * on the page in seconds with no build; the API answers from the same server with its body limits,
 * and the mail worker delivers what the API queues.
 */

const slug = `test-new-article-${randomBytes(4).toString('hex')}`;
/**
 * What `npm run dev` reads (a fresh clone: no .astro/). The copy lives in a folder of the project
 * that git ignores (dist-dev/), so packages resolve from the project's own node_modules as they do
 * for the real site.
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
];
const copies = resolve('dist-dev');
mkdirSync(copies, { recursive: true });
for (const entry of readdirSync(copies)) {
  if (entry.startsWith('dev-test-')) rmSync(join(copies, entry), { recursive: true, force: true });
}
const root = mkdtempSync(join(copies, 'dev-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-dev-test-'));
const article = join(root, 'content/blog/practical-gifts.mdx');
const newFile = join(root, 'content/blog', `${slug}.mdx`);
const title = `A Test Article ${slug}`;

const newArticle = `---
title: ${title}
description: An article written by a test to prove that one new file becomes a page of the blog.
date: 2024-01-01
heroImage: ./images/practical-gifts.webp
heroAlt: Illustrations of a cutting board, towels and a dog in a raincoat.
products:
  - cedar-ridge-mug
  - cedar-ridge-mugg
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
        // Not Vitest's own variables: Astro compiles components differently under Vitest.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
        ),
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`is open at http://127.0.0.1:${port}/`)) resolve();
        if (/cannot start/.test(output)) reject(new Error(output));
      };
      dev.stdout!.on('data', read);
      dev.stderr!.on('data', read);
      dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
    });
  }, 240_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((done) => dev.once('exit', done));
      process.kill(-dev.pid, 'SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves pages from Astro’s dev server and the API from the same port', async () => {
    const page = await fetch(`${base}/blog/practical-gifts`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Astro's dev server, not a build: the page loads Vite's client for hot reload.
    expect(html).toContain('/@vite/client');
    // The page reached the shop's catalogue through `locals`, as in production.
    expect(html).toMatch(/href="\/productdetailpage\/[0-9a-f-]{36}"/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 60_000);

  it('serves a saved article and a new one within seconds, without a build', async () => {
    const marker = `Saved by a test ${slug}.`;
    writeFileSync(article, `${readFileSync(article, 'utf8').trimEnd()}\n\n${marker}\n`);
    const saved = Date.now();
    await expect
      .poll(async () => (await fetch(`${base}/blog/practical-gifts`)).text(), {
        timeout: 30_000,
        interval: 100,
      })
      .toContain(marker);
    // On a quiet machine this is under a second (bench:dev-edit); a loaded one gets leeway.
    expect(Date.now() - saved).toBeLessThan(20_000);

    writeFileSync(newFile, newArticle);
    await expect
      .poll(async () => (await fetch(`${base}/blog/${slug}`)).status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(200);
    const page = await (await fetch(`${base}/blog/${slug}`)).text();
    expect(page).toContain(title);
    // A product slug the shop does not have (a typo) is shown to the editor with file and line.
    expect(page).toContain('Editor’s note (only under npm run dev)');
    expect(page).toMatch(
      new RegExp(`content/blog/${slug}\\.mdx, line 9: <code[^>]*>cedar-ridge-mugg</code>`),
    );
    expect(await (await fetch(`${base}/blog`)).text()).toContain(`href="/blog/${slug}"`);
    expect(await (await fetch(`${base}/rss.xml`)).text()).toContain(`<title>${title}</title>`);
    // The project itself was never written to.
    expect(existsSync(join(process.cwd(), 'content/blog', `${slug}.mdx`))).toBe(false);
  }, 90_000);

  it('runs the API’s body limits and the mail worker as in production', async () => {
    const path = '/api/cart/validate';
    const limit = bodyLimitFor(path);
    const tooLarge = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(limit) }),
    });
    expect(tooLarge.status).toBe(413);

    const email = `dev-${slug}@example.com`;
    const sent = await fetch(`${base}/api/contact/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, subject: 'Other', message: 'Is the dev server delivering?' }),
    });
    expect(sent.status).toBe(201);
    // The worker writes the queued message as an .eml file under DATA_DIR/mail.
    const mail = join(dataDir, 'mail');
    const delivered = () =>
      existsSync(mail) &&
      readdirSync(mail).some(
        (name) => name.endsWith('.eml') && readFileSync(join(mail, name), 'utf8').includes(email),
      );
    await expect.poll(delivered, { timeout: 30_000, interval: 250 }).toBe(true);
  }, 60_000);
});
