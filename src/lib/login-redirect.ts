/**
 * Where a shopper sent to /login comes back to (DECISIONS "Account guard": to /login and back after
 * login). The page rides along as `?next=`; only a path on this site is ever followed, so the link
 * cannot send anyone elsewhere.
 */

export const LOGIN_PATH = '/login';
const NEXT_PARAM = 'next';

/** A same-site path ('/orders?x=1'), or null for anything else ('//evil.example', 'https:…'). */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return null;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return null;
    if (url.pathname === LOGIN_PATH) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /login, remembering `from` (a path) to come back to after a successful login. */
export function loginHref(from?: string): string {
  const next = safeReturnPath(from);
  return next && next !== '/'
    ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(next)}`
    : LOGIN_PATH;
}

/** Where a successful login goes (spec §4: to /), or back to the page the guard came from. */
export function afterLoginPath(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? '/';
}
