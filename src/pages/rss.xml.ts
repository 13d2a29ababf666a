import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publicSite } from '../lib/site-url';
import { SITE_NAME } from '../consts';
import { articleHref, articlesNewestFirst } from '../lib/blog';

// Rendered on request: a scheduled article is in the feed from its day on, without a build.
export const prerender = false;

export const GET: APIRoute = async (context) => {
  const articles = await articlesNewestFirst();
  return rss({
    title: `${SITE_NAME} gift ideas`,
    description: 'Gift ideas from a small Washington State shop.',
    site: publicSite(context),
    trailingSlash: false,
    items: articles.map((article) => ({
      title: article.data.title,
      description: article.data.description,
      pubDate: article.data.date,
      link: articleHref(article),
    })),
  });
};
