import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { draftArticle, slugOf } from '../../scripts/new-article';
import { articleSchema } from '../../src/lib/article-schema';

/** Issue 38: `npm run new:article -- "Title"` writes a draft the schema accepts, dated today. */

/** The frontmatter's `key: value` lines and `- item` lists (all the script writes). */
function frontmatter(text: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let list: string[] | undefined;
  for (const line of text.split('---')[1]!.trim().split('\n')) {
    const item = /^\s+- (.*)$/.exec(line);
    if (item && list) list.push(item[1]!);
    const pair = /^(\w+): ?(.*)$/.exec(line);
    if (!pair) continue;
    const [, key, value] = pair as unknown as [string, string, string];
    list = undefined;
    if (value === '') data[key] = list = [];
    else if (value === '[]') data[key] = [];
    else if (value === 'true') data[key] = true;
    else data[key] = value.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
  }
  return data;
}

describe('npm run new:article', () => {
  it('makes the address from the title', () => {
    expect(slugOf('Gifts for Tea Lovers!')).toBe('gifts-for-tea-lovers');
    expect(slugOf('Café & Crème')).toBe('cafe-and-creme');
  });

  it('writes a draft dated today whose frontmatter the schema accepts', () => {
    const data = frontmatter(draftArticle("Tea Lovers' Gifts", '2026-11-28', 'tea-lovers-gifts'));
    const parsed = articleSchema(z, () => z.string()).parse({
      ...data,
      // The script copies a placeholder picture to this name; the schema checks the folder.
      heroImage: './images/practical-gifts.webp',
    });
    expect(parsed.title).toBe("Tea Lovers' Gifts");
    expect(parsed.draft).toBe(true);
    expect(data.date).toBe('2026-11-28');
    expect(data.heroImage).toBe('./images/tea-lovers-gifts.webp');
  });
});
