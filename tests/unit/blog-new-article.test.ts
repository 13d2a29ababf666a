import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dev } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An editor adds an article by adding one MDX file to content/blog/ (README, "Writing for the
 * shop"). This runs Astro's dev server on the real project, drops a new file in, and watches the
 * article appear at /blog/<file name>, in the blog index, the RSS feed and the sitemap.
 */

const slug = `test-new-article-${randomBytes(4).toString('hex')}`;
const file = resolve('content/blog', `${slug}.mdx`);
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
    server = await dev({
      root: process.cwd(),
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0 },
    });
    base = `http://127.0.0.1:${server.address.port}`;
  }, 90_000);

  afterAll(async () => {
    rmSync(file, { force: true });
    await server?.stop();
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
  }, 90_000);
});
