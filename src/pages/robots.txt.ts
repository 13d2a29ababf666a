import type { APIRoute } from 'astro';
import { publicSite } from '../lib/site-url';

export const prerender = true;

/** Shoppers' own pages and the checkout are of no use in search results. */
const PRIVATE_PATHS = [
  '/api/',
  '/account',
  '/accountaddresses',
  '/storedpayments',
  '/orders',
  '/cart',
  '/shipping',
  '/billing',
  '/checkout',
  '/review',
  '/orderconfirmation',
  '/verifyemail',
  '/resetpassword',
];

export const GET: APIRoute = (context) =>
  new Response(
    [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', publicSite(context)).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
