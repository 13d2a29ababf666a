import { Elysia } from 'elysia';
import { config } from '../config';
import { AppError } from '../lib/errors';

export const SAME_SITE_MESSAGES = {
  json: 'Send this request as JSON (Content-Type: application/json).',
  origin: 'This request came from another site and was refused.',
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * State-changing requests (anything but GET, HEAD, OPTIONS) must be JSON and, when the browser sends
 * an Origin header, come from this site: the configured public address (PUBLIC_SITE_URL) only. The
 * address the request was made to is not enough (a Host header is the client's to choose). A page
 * elsewhere can then neither post a form nor script a request that acts for a
 * shopper (DECISIONS: cross-site requests). Runs before validation, so a refused request is not
 * even parsed into the route.
 */
export const sameSiteJson = new Elysia({ name: 'same-site-json' }).onTransform(
  { as: 'scoped' },
  ({ request }) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.get('origin');
    if (origin !== null) {
      if (origin !== originOf(config().siteUrl))
        throw new AppError('FORBIDDEN', SAME_SITE_MESSAGES.origin);
    }
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError('INVALID_DATA', SAME_SITE_MESSAGES.json);
    }
  },
);
