import { glob } from 'astro/loaders';
import { defineCollection, z } from 'astro:content';
import { articleSchema, pageSchema } from './lib/article-schema';

/**
 * Content an editor adds to without touching code (docs/editing.md).
 * blog: one MDX file per article in content/blog/, its file name the address /blog/<name>.
 * pages: the text of the content pages (about, policies, FAQ) in content/pages/.
 * Their frontmatter and its messages: src/lib/article-schema.ts.
 */

const blog = defineCollection({
  loader: glob({ pattern: '[^_]*.mdx', base: './content/blog' }),
  schema: ({ image }) => articleSchema(z, image),
});

const pages = defineCollection({
  loader: glob({ pattern: '[^_]*.mdx', base: './content/pages' }),
  schema: pageSchema(z),
});

export const collections = { blog, pages };
