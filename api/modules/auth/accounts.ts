import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ShopDetails } from '../mail';
import type { UserDto } from '../../../core/user/model';
import { PASSWORD_MESSAGES } from '../../../core/auth/model';
import { isGuessablePassword } from '../../../core/auth/password-strength';

/* What every account use case (register, links, passwords, login) needs. */

/**
 * At most one verification, one reset and one "you already have an account" email per address in
 * this window; more are dropped silently (the answer stays the same).
 */
export const ACCOUNT_MAIL_WINDOW_SECONDS = 15 * 60;

export interface AuthDeps {
  db: Db;
  limiter: RateLimiter;
  shop: ShopDetails;
  /** Wakes the outbox worker after a commit that queued mail. */
  onMailQueued?: () => void;
}

export const toUserDto = (user: UserRow): UserDto => ({
  username: user.email,
  firstname: user.firstname,
  lastname: user.lastname,
  verifiedemail: user.emailVerified,
});

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/**
 * Refuses, under the form's field, a new password that is one of the 10,000 most common or easy
 * to guess for this shop and this account (the forms check the second too; the server always does).
 */
export async function refuseGuessablePassword(
  deps: AuthDeps,
  password: string,
  email: string,
  field: 'password' | 'newPassword',
): Promise<void> {
  const refusal = isCommonPassword(password)
    ? PASSWORD_MESSAGES.common
    : (await isGuessablePassword(password, { shopName: deps.shop.siteName, email }))
      ? PASSWORD_MESSAGES.weak
      : undefined;
  if (refusal) throw new AppError('INVALID_DATA', refusal, { [field]: refusal });
}

/** Whether another account email of `kind` may go to `email` now (counts it when it may). */
export async function mayMail(deps: AuthDeps, kind: 'verify' | 'reset' | 'exists', email: string) {
  const verdict = await deps.limiter.hit(`mail.${kind}:${email.toLowerCase()}`, {
    limit: 1,
    windowSeconds: ACCOUNT_MAIL_WINDOW_SECONDS,
  });
  return verdict.allowed;
}
