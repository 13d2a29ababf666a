import { getCollection, type CollectionEntry } from 'astro:content';

export type Article = CollectionEntry<'blog'>;

/** Every article, newest first. */
export async function articlesNewestFirst(): Promise<Article[]> {
  const articles = await getCollection('blog');
  return articles.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

export const articleHref = (article: Article): string => `/blog/${article.id}`;
