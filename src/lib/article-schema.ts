import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z as astroZ } from 'astro/zod';
import { TOPICS } from './topics';

/**
 * The frontmatter of an article (content/blog/*.mdx) and of a content page (content/pages/*.mdx),
 * with messages an editor understands: what the field is for and what is allowed. Astro names the
 * file and the field before each message when `npm run dev`, `astro sync` or the build refuses an
 * article ("blog → my-article data does not match collection schema. description: …").
 * Used by src/content.config.ts; the unit tests parse fixtures with the same schema.
 */

type Zod = typeof astroZ;

export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

export const CONTENT_MESSAGES = {
  title: 'give the article its title, as one line of text.',
  description: (length: number) =>
    `write ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters; search results show it under the title (this one has ${length}).`,
  descriptionMissing: `write a summary of ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters; search results show it under the title.`,
  date: 'the day the article is published, written as YYYY-MM-DD (e.g. 2025-10-15).',
  heroImage:
    'name a picture saved next to the article, e.g. ./images/my-article.webp (webp, jpg or png).',
  heroImageMissing: (name: string) =>
    `there is no picture ${name} next to the article (in content/blog/); save it there or correct the name.`,
  heroAlt: 'say in words what the hero picture shows, for readers who cannot see it (required).',
  products:
    'list at least one product by its slug, one per line (e.g. "  - cedar-ridge-mug"); the slug is the product\'s name in small letters joined by dashes.',
  productSlug: (slug: string) =>
    `"${slug}" is not a product slug: small letters, digits and dashes only (e.g. cedar-ridge-mug).`,
  draft: 'write true (not shown outside `npm run dev`) or false.',
  tags: `choose from the shop's topics: ${TOPICS.map((topic) => `"${topic.label}"`).join(', ')}.`,
} as const;

/** Where articles and the pictures they name live (src/content.config.ts). */
const ARTICLES_FOLDER = join(process.cwd(), 'content', 'blog');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A field that must be written: its own message when it is missing or empty (Astro's error map
 * says only "Required" for a missing field, and keeps a custom message), then `schema`.
 */
function present<T extends astroZ.ZodTypeAny>(z: Zod, message: string, schema: T) {
  return z
    .unknown()
    .superRefine((value, context) => {
      const empty = typeof value === 'string' && value.trim() === '';
      if (value === undefined || value === null || empty) {
        context.addIssue({ code: 'custom', message });
      }
    })
    .pipe(schema);
}

function description(z: Zod) {
  return present(
    z,
    CONTENT_MESSAGES.descriptionMissing,
    z.coerce.string().superRefine((text, context) => {
      const length = text.trim().length;
      if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX) {
        context.addIssue({ code: 'custom', message: CONTENT_MESSAGES.description(length) });
      }
    }),
  );
}

function title(z: Zod) {
  return present(z, CONTENT_MESSAGES.title, z.coerce.string().trim());
}

function date(z: Zod) {
  return present(
    z,
    CONTENT_MESSAGES.date,
    z.coerce.date({ errorMap: () => ({ message: CONTENT_MESSAGES.date }) }),
  );
}

/** `image` is Astro's image() (a file next to the article, checked to exist). */
export function articleSchema<Image extends astroZ.ZodTypeAny>(z: Zod, image: () => Image) {
  const labels = TOPICS.map((topic) => topic.label) as [string, ...string[]];
  return z.object({
    title: title(z),
    /** One or two sentences: the article's summary in lists, search results and previews. */
    description: description(z),
    date: date(z),
    updated: date(z).optional(),
    /** A picture next to the file (e.g. ./images/name.webp); Astro resizes it. */
    heroImage: present(
      z,
      CONTENT_MESSAGES.heroImage,
      z.coerce.string().superRefine((name, context) => {
        if (!existsSync(join(ARTICLES_FOLDER, name))) {
          context.addIssue({ code: 'custom', message: CONTENT_MESSAGES.heroImageMissing(name) });
        }
      }),
    ).pipe(image()),
    heroAlt: present(z, CONTENT_MESSAGES.heroAlt, z.coerce.string().trim()),
    /**
     * Slugs of the catalogue products the article features, shown under it: those the shop serves
     * when the article is served (src/lib/catalogue-links.ts). An unknown slug is shown to the
     * editor under `npm run dev` and listed on the dashboard.
     */
    products: present(
      z,
      CONTENT_MESSAGES.products,
      z
        .array(
          z.coerce.string().superRefine((slug, context) => {
            if (!SLUG.test(slug)) {
              context.addIssue({ code: 'custom', message: CONTENT_MESSAGES.productSlug(slug) });
            }
          }),
        )
        .min(1, CONTENT_MESSAGES.products),
    ),
    /** Shown only under `npm run dev`, with a "Draft" banner; never in a production build. */
    draft: z
      .unknown()
      .superRefine((value, context) => {
        if (value !== undefined && typeof value !== 'boolean') {
          context.addIssue({ code: 'custom', message: CONTENT_MESSAGES.draft });
        }
      })
      .transform((value) => value === true),
    /** Topics from the shop's fixed list (src/lib/topics.ts); each has a page. */
    tags: z
      .array(z.enum(labels, { errorMap: () => ({ message: CONTENT_MESSAGES.tags }) }))
      .default([]),
  });
}

export function pageSchema(z: Zod) {
  return z.object({
    title: title(z),
    description: description(z),
    /** Shown as "Last updated Aug 1, 2025" under the title. */
    updated: date(z).optional(),
    /** Shown as "Effective 8/1/2025" under the title. */
    effective: date(z).optional(),
  });
}
