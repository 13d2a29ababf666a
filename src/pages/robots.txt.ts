import type { APIRoute } from 'astro';

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

export const GET: APIRoute = ({ site, url }) =>
  new Response(
    [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', site ?? url).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
