import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens (refresh tokens, verification and reset links): 32 random bytes, base64url. Only
 * their SHA-256 is stored, so a copy of the database cannot be used to sign in or reset.
 */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
