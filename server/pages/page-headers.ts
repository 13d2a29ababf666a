import { applySecurityHeaders, pageContentSecurityPolicy } from '../../api/lib/security-headers';
import { CATALOGUE_PAGE_CACHE } from '../../src/lib/catalogue-paths';
import { varyOnEncoding } from '../compress';

/** The headers of a 304 for a kept catalogue page. */
export function notModifiedHeaders(etag: string): [string, string][] {
  return [
    ['etag', etag],
    ['cache-control', CATALOGUE_PAGE_CACHE],
    ['vary', 'Accept-Encoding'],
  ];
}

/**
 * The headers a kept page is sent with by the server entry: those Astro rendered it with, the
 * security headers, and Vary; its length is the form's, set when it is sent.
 */
export function servedHeaders(rendered: [string, string][]): [string, string][] {
  const headers = new Headers(rendered);
  applySecurityHeaders(headers, pageContentSecurityPolicy(headers.get('content-security-policy')));
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  headers.set('vary', varyOnEncoding(headers.get('vary')));
  return [...headers];
}

/**
 * Security headers on a page rendered on demand. Astro's policy (hashes of the scripts and styles
 * it emits) is completed with ours, including frame-ancestors 'none'.
 */
export function securePage(response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const astroPolicy = response.headers.get('content-security-policy');
  applySecurityHeaders(response.headers, pageContentSecurityPolicy(astroPolicy));
  return response;
}
