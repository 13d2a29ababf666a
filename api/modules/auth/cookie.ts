/**
 * The refresh-token cookie: HttpOnly, SameSite=Strict, scoped to /api/auth so no other request
 * carries it, and `__Secure-` prefixed with the Secure flag when the shop is served over https
 * (plain name over http in development, where browsers refuse Secure cookies).
 */
export const REFRESH_COOKIE_PATH = '/api/auth';
const BASE_NAME = 'evergreen_refresh';

export interface RefreshCookie {
  name: string;
  secure: boolean;
  /** The Set-Cookie value that stores `token` for `maxAgeSeconds`. */
  set(token: string, maxAgeSeconds: number): string;
  /** The Set-Cookie value that deletes the cookie. */
  clear(): string;
  /** The token the request carries, if any. */
  read(request: Request): string | undefined;
}

export function refreshCookie(siteUrl: string): RefreshCookie {
  const secure = siteUrl.startsWith('https:');
  const name = secure ? `__Secure-${BASE_NAME}` : BASE_NAME;
  const attributes = `Path=${REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return {
    name,
    secure,
    set: (token, maxAgeSeconds) =>
      `${name}=${token}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ${attributes}`,
    clear: () => `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`,
    read(request) {
      const header = request.headers.get('cookie');
      if (!header) return undefined;
      for (const part of header.split(';')) {
        const separator = part.indexOf('=');
        if (separator < 0) continue;
        if (part.slice(0, separator).trim() !== name) continue;
        const value = part.slice(separator + 1).trim();
        return value || undefined;
      }
      return undefined;
    },
  };
}
