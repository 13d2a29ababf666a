import { createHash } from 'node:crypto';

/**
 * Catalogue answers a CDN (or the browser) may keep: fresh for a minute, then served stale for up
 * to ten while it revalidates in the background. Prices and stock are checked again by the cart
 * and at checkout, so a minute-old listing never sells at the wrong price.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** A serialised answer (UTF-8, encoded once) and its ETag. */
export interface JsonBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const body = new TextEncoder().encode(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** A JSON answer with its ETag and cache headers; 304 without a body when the client has it. */
export function cacheableJson(request: Request, { body, etag }: JsonBody): Response {
  const headers = { etag, 'cache-control': CATALOGUE_CACHE_CONTROL, vary: 'accept-encoding' };
  if (matches(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

export interface AnswerCacheOptions {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Catalogue answers kept in memory for a few seconds (a "micro-cache"), the way a CDN in front
 * would keep them: popular searches, listings and products are computed once per period, and
 * identical requests arriving together share one computation. Errors are never kept. Writers to
 * the catalogue call `clear()`; otherwise an answer is at most `ttlMs` old, well inside the
 * max-age the answers advertise.
 */
export class AnswerCache {
  /** Every cache made, so whatever changes the catalogue can clear them all. */
  static readonly all = new Set<AnswerCache>();

  private readonly entries = new Map<string, JsonBody & { at: number }>();
  private readonly pending = new Map<string, Promise<JsonBody>>();
  private bytes = 0;

  constructor(private readonly options: AnswerCacheOptions) {
    AnswerCache.all.add(this);
  }

  async get(key: string, compute: () => Promise<unknown>): Promise<JsonBody> {
    const { ttlMs } = this.options;
    if (ttlMs <= 0) return jsonBody(await compute());
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const computing = compute()
      .then((value) => {
        const answer = jsonBody(value);
        this.remember(key, answer);
        return answer;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, computing);
    return computing;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remember(key: string, answer: JsonBody): void {
    const { maxEntries = 2_000, maxBytes = 64 * 1024 * 1024 } = this.options;
    this.forget(key);
    this.entries.set(key, { ...answer, at: Date.now() });
    this.bytes += answer.body.byteLength;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.byteLength;
    this.entries.delete(key);
  }
}

/** Drops every remembered catalogue answer: call it after changing products or their stock. */
export function clearCatalogueAnswers(): void {
  for (const cache of AnswerCache.all) cache.clear();
}
