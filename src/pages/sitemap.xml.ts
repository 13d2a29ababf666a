import type { APIRoute } from 'astro';
import { publicSite } from '../lib/site-url';
import { appDatabase } from '../../api/db';
import { sitemapEntries, sitemapXml } from '../lib/sitemap';
import { listingSitemapEntries, productSitemapEntries } from '../lib/sitemap-products';

// Rendered on request, so the catalogue's listings and products are those of today.
export const prerender = false;

export const GET: APIRoute = async (context) => {
  const base = publicSite(context);
  const { db } = await appDatabase();
  const catalogue = [
    ...(await listingSitemapEntries(db, base)),
    ...(await productSitemapEntries(db, base)),
  ].map(({ loc, lastmod }) => ({ path: loc, lastModified: new Date(lastmod) }));
  return new Response(sitemapXml([...(await sitemapEntries()), ...catalogue], base), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
