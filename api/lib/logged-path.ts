/**
 * What the request log may say about an address. Links carry secrets: a download link its bearer
 * token in the path (`/api/downloads/<token>`), a verification or reset link its token and the
 * shopper's email in the query (`/verifyemail?token=…&email=…`, `/resetpassword?…`,
 * `/api/auth/verify-email?…`). So the log never shows a query, and shows a token's place in a
 * path by `:token`. The request log of the API (api/plugins/request-context.ts) and that of the
 * pages (server/serve.ts) both write this.
 */

/** The download routes that are not a token (api/modules/orders/downloads). */
const DOWNLOAD_ROUTES = new Set(['mine', 'request', 'reissue']);
const DOWNLOADS = '/api/downloads/';

/**
 * An opaque one-use token (api/lib/tokens.ts): 32 random bytes, base64url. Random text of that
 * length has both cases; a slug of 43 characters rarely does.
 */
function looksLikeToken(segment: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(segment) && /[A-Z]/.test(segment) && /[a-z]/.test(segment);
}

export function loggedPath(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (path.startsWith(DOWNLOADS)) {
    const rest = path.slice(DOWNLOADS.length);
    return rest === '' || DOWNLOAD_ROUTES.has(rest) ? path : `${DOWNLOADS}:token`;
  }
  // A token in any other path (a route added later) is not written either.
  return path
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? ':token' : segment))
    .join('/');
}
