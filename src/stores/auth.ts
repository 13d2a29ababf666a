import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { jsonCodec } from './persist';

/** spec §3 User */
export interface User {
  username: string;
  firstname: string;
  lastname: string;
  verifiedemail: boolean;
}

/** spec §3 Auth session: the login flag and the user, persisted under 'auth'. */
export interface AuthSession {
  isLoggedIn: boolean;
  user: User | null;
}

/**
 * The spec keeps the access token in browser storage "under a JWT key" (§3, §9). It lives 15
 * minutes; the refresh token that renews it is an HttpOnly cookie the page never sees
 * (DECISIONS "Token in browser storage").
 */
export const JWT_STORAGE_KEY = 'JWT';

const signedOut: AuthSession = { isLoggedIn: false, user: null };

export const $auth = persistentAtom<AuthSession>('auth', signedOut, jsonCodec(signedOut));

/** The access token; undefined when there is none (the key is then absent from storage). */
export const $jwt = persistentAtom<string | undefined>(JWT_STORAGE_KEY, undefined);

/** The whole spec §3 Auth session, token included, for readers that want it in one value. */
export const $session = computed([$auth, $jwt], (auth, token) => ({ ...auth, token }));

/**
 * The token as storage holds it now. Read from storage itself rather than the atom, so a token
 * another tab has just renewed is used at once, even by code that never subscribed to the atom.
 */
export function currentToken(): string | undefined {
  try {
    if (typeof localStorage !== 'undefined')
      return localStorage.getItem(JWT_STORAGE_KEY) ?? undefined;
  } catch {
    // Storage unavailable: the atom keeps the token in memory for this page.
  }
  return $jwt.get();
}

/** spec §4: login success stores token and user and marks the shopper logged in. */
export function signIn(token: string, user: User): void {
  $jwt.set(token);
  $auth.set({ isLoggedIn: true, user });
}

/** A renewed access token (POST /auth/refresh); the user too when the answer carries it. */
export function storeToken(token: string, user?: User): void {
  $jwt.set(token);
  if (user) $auth.set({ isLoggedIn: true, user });
}

/** The profile as the server gives it now (GET or PUT /user/me). */
export function updateUser(user: User): void {
  if ($auth.get().isLoggedIn) $auth.set({ isLoggedIn: true, user });
}

/** Ends the session in this browser: the flag, the user and the token. */
export function clearSession(): void {
  $auth.set(signedOut);
  $jwt.set(undefined);
}
