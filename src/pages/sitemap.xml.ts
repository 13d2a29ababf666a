import type { APIRoute } from 'astro';
import { publicSite } from '../lib/site-url';
import { sitemapEntries, sitemapXml } from '../lib/sitemap';

// Rendered on request, so the catalogue's listings and products are those of today.
export const prerender = false;

export const GET: APIRoute = async (context) => {
  const base = publicSite(context);
  const catalogue = (await context.locals.shop.sitemapEntries(base)).map(({ loc, lastmod }) => ({
    path: loc,
    lastModified: new Date(lastmod),
  }));
  return new Response(sitemapXml([...(await sitemapEntries()), ...catalogue], base), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
