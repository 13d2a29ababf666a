import { glob } from 'astro/loaders';
import { defineCollection, z } from 'astro:content';

/**
 * Content an editor adds to without touching code (see README, "Writing for the shop").
 * blog: one MDX file per article in content/blog/, its file name the address /blog/<name>.
 * pages: the text of the content pages (about, policies, FAQ) in content/pages/.
 */

const blog = defineCollection({
  loader: glob({ pattern: '[^_]*.mdx', base: './content/blog' }),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(1),
      /** One or two sentences: the article's summary in lists, search results and previews. */
      description: z.string().min(20).max(200),
      date: z.coerce.date(),
      updated: z.coerce.date().optional(),
      /** A picture next to the file (e.g. ./images/name.webp); Astro resizes it. */
      heroImage: image(),
      heroAlt: z.string().min(1),
      /**
       * Slugs of the catalogue products the article features, shown under it: those the shop
       * serves when the article is served (src/lib/catalogue-links.ts).
       */
      products: z.array(z.string()).min(1),
    }),
});

const pages = defineCollection({
  loader: glob({ pattern: '[^_]*.mdx', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(20).max(200),
    /** Shown as "Last updated Aug 1, 2025" under the title. */
    updated: z.coerce.date().optional(),
    /** Shown as "Effective 8/1/2025" under the title. */
    effective: z.coerce.date().optional(),
  }),
});

export const collections = { blog, pages };
