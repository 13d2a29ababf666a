import { createHash } from 'node:crypto';

/**
 * Catalogue answers a CDN (or the browser) may keep: fresh for a minute, then served stale for up
 * to ten while it revalidates in the background. Prices and stock are checked again by the cart
 * and at checkout, so a minute-old listing never sells at the wrong price.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** A JSON answer with an ETag and cache headers; 304 without a body when the client has it. */
export function cacheableJson(request: Request, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = etagOf(body);
  const headers = { etag, 'cache-control': CATALOGUE_CACHE_CONTROL, vary: 'accept-encoding' };
  if (matches(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}
