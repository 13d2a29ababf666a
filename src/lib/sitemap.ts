import { articlesNewestFirst } from './blog';
import { getCollection } from 'astro:content';

/**
 * What sitemap.xml lists from the site itself: pages and articles. The catalogue's listings and
 * products come from the database (server/pages/sitemap-products.ts) and join them in sitemap.xml.ts.
 */

export interface SitemapEntry {
  /** Root-relative path, e.g. '/faq', or an absolute address. */
  path: string;
  lastModified?: Date | undefined;
}

/** The shop's public pages that are not drawn from a collection. */
export const STATIC_PAGES = ['/', '/blog', '/contactus'] as const;

/** The content pages (content/pages/*.mdx), each served at /<file name>. */
async function contentPageEntries(): Promise<SitemapEntry[]> {
  const pages = await getCollection('pages');
  return pages.map((page) => ({
    path: `/${page.id}`,
    lastModified: page.data.updated ?? page.data.effective,
  }));
}

async function articleEntries(): Promise<SitemapEntry[]> {
  const articles = await articlesNewestFirst();
  return articles.map((article) => ({
    path: `/blog/${article.id}`,
    lastModified: article.data.updated ?? article.data.date,
  }));
}

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const entries = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...(await contentPageEntries()),
    ...(await articleEntries()),
  ];
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(entries: SitemapEntry[], site: URL): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${escapeXml(new URL(path, site).href)}</loc>`;
    const lastmod = lastModified
      ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>`
      : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
