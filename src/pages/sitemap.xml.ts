import type { APIRoute } from 'astro';
import { SHOP_ALL_PATH } from '../lib/shelves';
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
  // The Shop all page lists every category, so it changes when any listing does.
  const newest = catalogue.reduce<Date | undefined>(
    (latest, entry) => (latest && latest >= entry.lastModified ? latest : entry.lastModified),
    undefined,
  );
  const shopAll = { path: SHOP_ALL_PATH, lastModified: newest };
  return new Response(sitemapXml([...(await sitemapEntries()), shopAll, ...catalogue], base), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
