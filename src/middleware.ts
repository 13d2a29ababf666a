import { defineMiddleware } from 'astro:middleware';
import { applySecurityHeaders, pageContentSecurityPolicy } from '../api/lib/security-headers';

/**
 * Security headers on every page rendered on demand. Astro's policy (hashes of the scripts and
 * styles it emits) is completed with ours, including frame-ancestors 'none'.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const astroPolicy = response.headers.get('content-security-policy');
  applySecurityHeaders(response.headers, pageContentSecurityPolicy(astroPolicy));
  return response;
});
