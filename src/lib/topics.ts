/**
 * The topics an article may carry (its `tags:` frontmatter): a fixed list, so each has one page at
 * /blog/topics/<slug> and a typo is refused with the list (src/lib/article-schema.ts).
 */
export const TOPICS = [
  { slug: 'for-the-kitchen', label: 'For the kitchen' },
  { slug: 'under-30', label: 'Under $30' },
  { slug: 'for-pets', label: 'For pets' },
  { slug: 'for-the-home', label: 'For the home' },
  { slug: 'outdoors', label: 'Outdoors' },
  { slug: 'self-care', label: 'Self-care' },
] as const;

export type Topic = (typeof TOPICS)[number];

export const topicBySlug = (slug: string): Topic | undefined =>
  TOPICS.find((topic) => topic.slug === slug);

export const topicByLabel = (label: string): Topic | undefined =>
  TOPICS.find((topic) => topic.label === label);

export const topicHref = (topic: Topic): string => `/blog/topics/${topic.slug}`;
