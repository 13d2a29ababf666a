import { Elysia } from 'elysia';
import { config } from '../config';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const SAME_ORIGIN_MESSAGES = {
  notJson: 'Please send this request as JSON.',
  otherOrigin: 'This request came from another website, so it was refused.',
} as const;

/**
 * For state-changing routes: the body must be JSON (an HTML form on another site cannot send
 * that) and a browser's Origin, when sent, must be this shop's (DECISIONS: cross-site requests).
 * Runs before validation, so a refused request is never parsed into a model.
 */
export const sameOriginJson = new Elysia({ name: 'same-origin-json' }).onTransform(
  { as: 'scoped' },
  ({ request }) => {
    if (SAFE_METHODS.has(request.method)) return;
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError('INVALID_DATA', SAME_ORIGIN_MESSAGES.notJson);
    }
    const origin = request.headers.get('origin');
    if (origin && origin !== new URL(config().siteUrl).origin) {
      throw new AppError('FORBIDDEN', SAME_ORIGIN_MESSAGES.otherOrigin);
    }
  },
);
