import { randomUUID } from 'node:crypto';
import { Elysia } from 'elysia';
import { serverRequestId } from '../lib/client-ip';
import { log } from '../lib/log';
import { loggedPath } from '../lib/logged-path';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '../lib/security-headers';

const startedAt = new WeakMap<Request, number>();

/**
 * The server's id for a request: the one the server entry made for it, else a new one. An
 * X-Request-Id a client sent is never used as ours (it could collide with, or mimic, another
 * request's); it is only logged beside ours as `clientRequestId`.
 */
export function requestIdOf(request: Request): string {
  return serverRequestId(request) ?? randomUUID();
}

/** A client's X-Request-Id as it may appear in a log line: short, printable, or nothing. */
export function clientRequestIdOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const printable = value.replace(/[^\x20-\x7e]/g, '').slice(0, 64);
  return printable || undefined;
}

/**
 * Request id, security headers and one log line per API request. Set in onRequest so that even a
 * body that fails to parse gets them. The line never holds a token (logged-path.ts).
 */
export const requestContext = new Elysia({ name: 'request-context' })
  .onRequest(({ request, set }) => {
    startedAt.set(request, performance.now());
    set.headers['x-request-id'] = requestIdOf(request);
    Object.assign(set.headers, COMMON_SECURITY_HEADERS);
    set.headers['content-security-policy'] = API_CONTENT_SECURITY_POLICY;
    set.headers['cache-control'] = 'no-store';
  })
  .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
    const started = startedAt.get(request);
    log('info', 'api', {
      requestId: set.headers['x-request-id'],
      clientRequestId: clientRequestIdOf(request.headers.get('x-request-id')),
      method: request.method,
      path: loggedPath(new URL(request.url).pathname),
      // A route may answer with a Response of its own (a download's redirect): its status counts.
      status:
        responseValue instanceof Response
          ? responseValue.status
          : typeof set.status === 'number'
            ? set.status
            : 200,
      ms: started === undefined ? undefined : Math.round(performance.now() - started),
    });
  });
