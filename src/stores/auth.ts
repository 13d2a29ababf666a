import { persistentAtom } from '@nanostores/persistent';
import { jsonCodec } from './persist';

/** spec §3 User */
export interface User {
  username: string;
  firstname: string;
  lastname: string;
  verifiedemail: boolean;
}

/** spec §3 Auth session. The token itself is kept under the JWT key, see `JWT_STORAGE_KEY`. */
export interface AuthSession {
  isLoggedIn: boolean;
  user: User | null;
}

export const JWT_STORAGE_KEY = 'JWT';

const signedOut: AuthSession = { isLoggedIn: false, user: null };

export const $auth = persistentAtom<AuthSession>('auth', signedOut, jsonCodec(signedOut));

/** Logout clears the session (the accounts issue adds the server call). */
export function clearSession(): void {
  $auth.set(signedOut);
  try {
    localStorage.removeItem(JWT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was persisted.
  }
}
