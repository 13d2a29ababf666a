import { randomUUID } from 'node:crypto';
import { Elysia } from 'elysia';
import { log } from '../lib/log';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '../lib/security-headers';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const startedAt = new WeakMap<Request, number>();

/** Accepts a sane incoming X-Request-Id (from a proxy or the server entry) or makes one. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Request id, security headers and one log line per API request. Set in onRequest so that even a
 * body that fails to parse gets them.
 */
export const requestContext = new Elysia({ name: 'request-context' })
  .onRequest(({ request, set }) => {
    startedAt.set(request, performance.now());
    set.headers['x-request-id'] = requestIdOf(request);
    Object.assign(set.headers, COMMON_SECURITY_HEADERS);
    set.headers['content-security-policy'] = API_CONTENT_SECURITY_POLICY;
    set.headers['cache-control'] = 'no-store';
  })
  .onAfterResponse({ as: 'global' }, ({ request, set }) => {
    const started = startedAt.get(request);
    log('info', 'api', {
      requestId: set.headers['x-request-id'],
      method: request.method,
      path: new URL(request.url).pathname,
      status: typeof set.status === 'number' ? set.status : 200,
      ms: started === undefined ? undefined : Math.round(performance.now() - started),
    });
  });
