import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import {
  articleSchema,
  CONTENT_MESSAGES,
  DESCRIPTION_MAX,
  pageSchema,
} from '../../src/lib/article-schema';
import { productRefs } from '../../core/content/product-refs';

/**
 * The frontmatter of articles (src/content.config.ts) refuses what would publish a broken page,
 * with a message naming the field and what is allowed; Astro prefixes the file
 * ("blog → <file> data does not match collection schema").
 */

// Astro's image() checks the file exists; here any name stands for one that does.
const schema = articleSchema(z, () => z.string());

const good = {
  title: 'Practical Gifts',
  description:
    'The best gift is often the one that gets used every single day: useful, well-made presents.',
  date: '2025-10-15',
  heroImage: './images/practical-gifts.webp',
  heroAlt: 'A cutting board, towels and a dog in a raincoat.',
  products: ['cedar-ridge-mug'],
};

/**
 * As Astro shows them after the file's name: the field, then the message (Astro keeps a schema's
 * message except for type errors, which it words itself: "Required").
 */
function messages(data: Record<string, unknown>): string[] {
  const parsed = schema.safeParse(data);
  if (parsed.success) return [];
  for (const issue of parsed.error.issues) expect(issue.code).not.toBe('invalid_type');
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('article frontmatter', () => {
  it('accepts a complete article, a draft by default false and no topics', () => {
    const parsed = schema.parse(good);
    expect(parsed.draft).toBe(false);
    expect(parsed.tags).toEqual([]);
  });

  it('refuses a missing alt text, naming the field', () => {
    const { heroAlt: _, ...rest } = good;
    expect(messages(rest)).toEqual([`heroAlt: ${CONTENT_MESSAGES.heroAlt}`]);
  });

  it('refuses a description longer than search results show, saying how long it is', () => {
    const long = 'x'.repeat(DESCRIPTION_MAX + 1);
    expect(messages({ ...good, description: long })).toEqual([
      `description: ${CONTENT_MESSAGES.description(DESCRIPTION_MAX + 1)}`,
    ]);
    expect(messages({ ...good, description: 'Too short.' })[0]).toContain('50 to 160 characters');
  });

  it('refuses a missing hero image, naming the field and the file it looked for', () => {
    const { heroImage: _, ...rest } = good;
    expect(messages(rest)).toEqual([`heroImage: ${CONTENT_MESSAGES.heroImage}`]);
    expect(messages({ ...good, heroImage: './images/nope.webp' })).toEqual([
      `heroImage: ${CONTENT_MESSAGES.heroImageMissing('./images/nope.webp')}`,
    ]);
  });

  it('refuses a product that is not a slug and a topic not on the list', () => {
    expect(messages({ ...good, products: ['Cedar Ridge Mug'] })).toEqual([
      `products.0: ${CONTENT_MESSAGES.productSlug('Cedar Ridge Mug')}`,
    ]);
    expect(messages({ ...good, tags: ['Kitchen'] })).toEqual([`tags.0: ${CONTENT_MESSAGES.tags}`]);
    expect(schema.parse({ ...good, tags: ['For the kitchen'] }).tags).toEqual(['For the kitchen']);
  });

  it('pages share the title and description rules', () => {
    expect(pageSchema(z).safeParse({ title: 'About', description: 'short' }).success).toBe(false);
  });
});

describe('product slugs an article names', () => {
  it('finds the frontmatter list and the links, each with its line', () => {
    const text = [
      '---',
      'title: A',
      'products:',
      '  - cedar-ridge-mug',
      "  - 'alder-cutting-board'",
      'draft: true',
      '---',
      '',
      'A <ProductLink slug="cedar-ridge-mugg">mug</ProductLink>.',
    ].join('\n');
    expect(productRefs(text)).toEqual([
      { slug: 'cedar-ridge-mug', line: 4 },
      { slug: 'alder-cutting-board', line: 5 },
      { slug: 'cedar-ridge-mugg', line: 9 },
    ]);
  });
});
