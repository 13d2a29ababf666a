import { Elysia } from 'elysia';
import { canonicalTarget } from '../lib/canonical-path';
import { AppError } from '../lib/errors';
import {
  bodyLimitFor,
  declaredLength,
  DEFAULT_BODY_LIMIT,
  LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
} from '../lib/request-limits';

/**
 * The limit of the route a request names. Behind the production server the path is canonical
 * already; a Request handed to the app directly (`app.handle` in tests) is read the same way, and
 * one whose path cannot be made canonical gets the smallest limit.
 */
function limitOf(request: Request): number {
  const { pathname } = new URL(request.url);
  const target = canonicalTarget(pathname);
  return 'path' in target ? bodyLimitFor(target.path) : DEFAULT_BODY_LIMIT;
}

/**
 * Input the API refuses before any route sees it: a body whose Content-Length is over its route's
 * limit (413, unread) and a body nested deeper than MAX_JSON_DEPTH (400, before validation, whose
 * error would otherwise overflow on it). A body streamed without a Content-Length is counted as
 * it is read (request-limits.ts `countedBody`, which the production server's bridge gives every
 * request) and fails with the same 413 once past the same limit.
 */
export const inputLimits = new Elysia({ name: 'input-limits' })
  .onRequest(({ request, set }) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const length = declaredLength(request.headers.get('content-length'));
    if (length === undefined) return;
    if (length > limitOf(request)) {
      set.status = 413;
      return { error: LIMIT_MESSAGES.tooLarge };
    }
  })
  .onTransform({ as: 'global' }, ({ body }) => {
    if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
      throw new AppError('INVALID_DATA', LIMIT_MESSAGES.tooDeep);
    }
  });
