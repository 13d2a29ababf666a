import { Elysia, type ValidationError } from 'elysia';
import { isConnectionLoss, RETRY_AFTER_SECONDS } from '../db/connection-loss';
import { AppError, MESSAGES, StillInFlight, TooManyRequests, type ErrorBody } from '../lib/errors';
import { log } from '../lib/log';
import { loggedPath } from '../lib/logged-path';

/** Field messages from a validation error, first message per field; never the values sent. */
export function validationFields(error: Pick<ValidationError, 'all'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.all) {
    const path = 'path' in issue ? String(issue.path ?? '') : '';
    const name = path.replace(/^\//, '').replace(/\//g, '.') || 'body';
    const message = 'message' in issue && issue.message ? String(issue.message) : 'Invalid value';
    fields[name] ??= message;
  }
  return fields;
}

/**
 * Maps every failure to `{ error, fields? }` with the right status. Elysia's default validation
 * error repeats the request body (passwords included), so it is never passed through.
 */
export const errorPlugin = new Elysia({ name: 'errors' }).onError(
  { as: 'global' },
  ({ code, error, set, request }): ErrorBody => {
    // Reading the body can fail with one of ours (a body past its limit, request-limits.ts).
    const readError = code === 'PARSE' ? error.cause : undefined;
    const failure = readError instanceof AppError ? readError : error;
    if (failure instanceof AppError) {
      set.status = failure.status;
      if (failure instanceof TooManyRequests || failure instanceof StillInFlight) {
        set.headers['retry-after'] = String(failure.retryAfterSeconds);
      } else if (failure.status === 503) {
        set.headers['retry-after'] = String(RETRY_AFTER_SECONDS);
      }
      return failure.fields
        ? { error: failure.message, fields: failure.fields }
        : { error: failure.message };
    }
    switch (code) {
      case 'VALIDATION': {
        set.status = 400;
        const fields = validationFields(error);
        const first = Object.values(fields)[0];
        return { error: first ?? MESSAGES.invalidData, fields };
      }
      case 'PARSE':
        set.status = 400;
        return { error: MESSAGES.invalidJson };
      case 'NOT_FOUND':
        set.status = 404;
        return { error: MESSAGES.notFound };
      case 'INVALID_COOKIE_SIGNATURE':
        set.status = 400;
        return { error: MESSAGES.invalidData };
      default: {
        if (isConnectionLoss(error)) return databaseLost(set, request, error);
        set.status = 500;
        const cause = error instanceof Error ? error : new Error(String(error));
        log('error', 'unhandled API error', {
          requestId: set.headers['x-request-id'],
          path: loggedPath(new URL(request.url).pathname),
          error: cause.message,
          stack: cause.stack,
        });
        return { error: MESSAGES.internal };
      }
    }
  },
);

/** The database dropped or refused the connection: this request fails, the process goes on. */
function databaseLost(
  set: { status?: number | string; headers: Record<string, unknown> },
  request: Request,
  error: unknown,
): ErrorBody {
  set.status = 503;
  set.headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  log('error', 'database unavailable', {
    requestId: set.headers['x-request-id'],
    path: loggedPath(new URL(request.url).pathname),
    error: error instanceof Error ? error.message : String(error),
  });
  return { error: MESSAGES.unavailable };
}
