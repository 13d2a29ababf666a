/**
 * `npm run new:article -- "Title"`: writes a new article as a draft (content/blog/<slug>.mdx)
 * dated today on the shop's calendar, with every field of its frontmatter filled in for the editor
 * to replace, and a placeholder picture beside it; prints the address to preview it under
 * `npm run dev` (docs/editing.md).
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shopDayOf } from '../core/shop-calendar';

const FOLDER = 'content/blog';
/** A picture to stand in until the editor saves the article's own (any file of images/). */
const PLACEHOLDER = 'images/practical-gifts.webp';

/** "Gifts for Tea Lovers!" → "gifts-for-tea-lovers". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function draftArticle(title: string, day: string, slug: string): string {
  const quoted = `'${title.replace(/'/g, "''")}'`;
  return `---
title: ${quoted}
description: Replace this with one or two sentences, 50 to 160 characters, for search results.
date: ${day}
draft: true
heroImage: ./images/${slug}.webp
heroAlt: Replace this with what the picture shows, in words.
tags: []
products:
  - cedar-ridge-mug
---

import ProductLink from '../../src/components/content/ProductLink.astro';

Write the article here. Link a product by its slug: the <ProductLink slug="cedar-ridge-mug">Cedar
Ridge mug</ProductLink>.
`;
}

function main(): void {
  const title = process.argv.slice(2).join(' ').trim();
  if (!title) {
    console.error('Give the title: npm run new:article -- "Gifts for Tea Lovers"');
    process.exit(1);
  }
  const slug = slugOf(title);
  if (!slug) {
    console.error('The title needs letters or digits to make the address from.');
    process.exit(1);
  }
  const file = join(FOLDER, `${slug}.mdx`);
  if (existsSync(file)) {
    console.error(`${file} already exists: choose another title, or edit that file.`);
    process.exit(1);
  }
  const picture = join(FOLDER, 'images', `${slug}.webp`);
  if (!existsSync(picture)) copyFileSync(join(FOLDER, PLACEHOLDER), picture);
  writeFileSync(file, draftArticle(title, shopDayOf(new Date()), slug));
  const port = process.env.PORT || '4321';
  console.log(`Wrote ${file}: a draft dated today, and a placeholder picture ${picture}.`);
  console.log(`Preview it under npm run dev at http://localhost:${port}/blog/${slug}`);
  console.log('Replace the description, picture, alt text and products; see docs/editing.md.');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
