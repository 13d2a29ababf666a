import { Elysia } from 'elysia';
import { AppError } from '../lib/errors';
import {
  bodyLimitFor,
  declaredLength,
  LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
} from '../lib/request-limits';

/**
 * Input the API refuses before any route sees it: a body whose Content-Length is over its route's
 * limit (413, unread) and a body nested deeper than MAX_JSON_DEPTH (400, before validation, whose
 * error would otherwise overflow on it). The production server also caps bodies streamed without
 * a Content-Length (server/bridge.ts).
 */
export const inputLimits = new Elysia({ name: 'input-limits' })
  .onRequest(({ request, set }) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const length = declaredLength(request.headers.get('content-length'));
    if (length === undefined) return;
    if (length > bodyLimitFor(new URL(request.url).pathname)) {
      set.status = 413;
      set.headers['connection'] = 'close';
      return { error: LIMIT_MESSAGES.tooLarge };
    }
  })
  .onTransform({ as: 'global' }, ({ body }) => {
    if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
      throw new AppError('INVALID_DATA', LIMIT_MESSAGES.tooDeep);
    }
  });
