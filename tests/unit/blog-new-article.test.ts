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
import { dev, sync } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An editor adds an article by adding one MDX file to content/blog/ (README, "Writing for the
 * shop"). This runs Astro's dev server on a copy of the project (never writing into the real
 * content/), drops a new file in, and watches the article appear at /blog/<file name>, in the blog
 * index, the RSS feed and the sitemap.
 */

const slug = `test-new-article-${randomBytes(4).toString('hex')}`;
/**
 * What Astro needs to build the site. The copy lives in a folder of the project that git ignores,
 * so packages resolve from the project's own node_modules as they do for the real site.
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
];
const project = process.cwd();
mkdirSync(resolve('.data'), { recursive: true });
// Copies of earlier runs go first: each run leaves its own in place, because Astro's dev server
// keeps reading files for a moment after it stops and must not find them gone.
for (const entry of readdirSync(resolve('.data'))) {
  if (entry.startsWith('blog-test-'))
    rmSync(resolve('.data', entry), { recursive: true, force: true });
}
const root = mkdtempSync(resolve('.data', 'blog-test-'));
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

describe('a new MDX file in content/blog', () => {
  let server: Awaited<ReturnType<typeof dev>>;
  let base: string;

  beforeAll(async () => {
    for (const part of PROJECT_PARTS) cpSync(resolve(part), join(root, part), { recursive: true });
    // Astro resolves a few paths (content images among them) from the working directory.
    process.chdir(root);
    // The copy's generated content modules (.astro/), which dev expects to find.
    await sync({ root, logLevel: 'error' });
    server = await dev({
      root,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0 },
    });
    base = `http://127.0.0.1:${server.address.port}`;
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    process.chdir(project);
  });

  it('becomes a page, and joins the index, the feed and the sitemap', async () => {
    expect((await fetch(`${base}/blog/${slug}`)).status).toBe(404);

    writeFileSync(file, article);
    await expect
      .poll(async () => (await fetch(`${base}/blog/${slug}`)).status, {
        timeout: 30_000,
        interval: 500,
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
    expect(existsSync(join(project, 'content/blog', `${slug}.mdx`))).toBe(false);
  }, 90_000);
});
