import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { isPublished } from '../../core/content/publishing';

export type Article = CollectionEntry<'blog'>;

/**
 * Whether the site shows this article now: a published one always; a draft or a scheduled one
 * only under `npm run dev`, for its editor (core/content/publishing.ts).
 */
export const isShown = (article: Article, now: Date = new Date()): boolean =>
  import.meta.env.DEV || isPublished(article.data, now);

/** Every article the site shows now, newest first. */
export async function articlesNewestFirst(now: Date = new Date()): Promise<Article[]> {
  const articles = await getCollection('blog', (article) => isShown(article, now));
  return articles.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** The article at /blog/<slug>, when the site shows it now. */
export async function shownArticle(slug: string, now: Date = new Date()) {
  const article = await getEntry('blog', slug);
  return article && isShown(article, now) ? article : undefined;
}

export const articleHref = (article: Article): string => `/blog/${article.id}`;
