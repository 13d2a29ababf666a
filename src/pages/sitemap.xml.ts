import type { APIRoute } from 'astro';
import { sitemapEntries, sitemapXml } from '../lib/sitemap';

// Rendered on request, so products from the database can join the list.
export const prerender = false;

export const GET: APIRoute = async ({ site, url }) =>
  new Response(sitemapXml(await sitemapEntries(), site ?? url), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
