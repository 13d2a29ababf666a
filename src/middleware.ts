import { defineMiddleware, sequence } from 'astro:middleware';
import { applySecurityHeaders, pageContentSecurityPolicy } from '../api/lib/security-headers';
import { cataloguePages, compressPages } from './lib/page-cache';

/**
 * Security headers on every page rendered on demand. Astro's policy (hashes of the scripts and
 * styles it emits) is completed with ours, including frame-ancestors 'none'.
 */
const securityHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const astroPolicy = response.headers.get('content-security-policy');
  applySecurityHeaders(response.headers, pageContentSecurityPolicy(astroPolicy));
  return response;
});

/**
 * Catalogue pages are kept per version (src/lib/page-cache.ts), inside the security headers; what
 * is sent is compressed last.
 */
export const onRequest = sequence(compressPages, securityHeaders, cataloguePages);
