import { createHash } from 'node:crypto';
import { etagMatches } from '../../lib/etag';

/**
 * Catalogue answers a CDN (or the browser) may keep: fresh for a minute, then served stale for up
 * to ten while it revalidates in the background. Prices and stock are checked again by the cart
 * and at checkout, so a minute-old listing never sells at the wrong price.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/**
 * Suggestions as the shopper types: a shared cache keeps one for a minute (many shoppers type the
 * same first letters), the browser only briefly, so a changed catalogue shows soon.
 */
export const SUGGEST_CACHE_CONTROL = 'public, max-age=10, s-maxage=60, stale-while-revalidate=60';

/** A serialised answer (UTF-8, encoded once) and its ETag. */
export interface JsonBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A value as a JSON answer; a string is taken as JSON text already serialised. */
export function jsonBody(value: unknown): JsonBody {
  const body = new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** A JSON answer with its ETag and cache headers; 304 without a body when the client has it. */
export function cacheableJson(
  request: Request,
  { body, etag }: JsonBody,
  cacheControl = CATALOGUE_CACHE_CONTROL,
): Response {
  const headers = { etag, 'cache-control': cacheControl, vary: 'accept-encoding' };
  if (etagMatches(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * An answer that lists products (search, listings, featured) from each product's JSON text, kept
 * once per revision, and the answer's other fields: it costs little more than its page of ids.
 */
export function listAnswer(texts: string[], rest: object): JsonBody {
  const list = texts.join(',');
  const others = JSON.stringify(rest);
  return jsonBody(
    others === '{}' ? `{"products":[${list}]}` : `{"products":[${list}],${others.slice(1)}`,
  );
}
