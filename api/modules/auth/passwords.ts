import { and, eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { enqueueMail, passwordChangedEmail } from '../mail';
import {
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type ResetPasswordBody,
} from '../../../core/auth/model';
import { findUserByEmail, refuseGuessablePassword, type AuthDeps } from './accounts';
import { consumeEmailToken, emailTokenUsable } from './email-tokens';
import { takeLoginAttempt } from './login-limits';
import { endOtherSessions } from './sessions';

/* Passwords: reset through a link, checked at login, changed by the signed-in customer. */

/**
 * POST /auth/reset-password: a valid link sets the new password, marks the address verified (the
 * link proved it), ends every session and emails "your password was changed".
 */
export async function resetPassword(deps: AuthDeps, body: ResetPasswordBody): Promise<void> {
  const linkExpired = new AppError('INVALID_DATA', AUTH_MESSAGES.resetLinkExpired);
  // A link that cannot work is refused before the password costs a strength estimate and a hash.
  if (!(await emailTokenUsable(deps.db, 'reset_password', body.token, body.email))) {
    throw linkExpired;
  }
  await refuseGuessablePassword(deps, body.newPassword, body.email, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const mail = await passwordChangedEmail(deps.shop);
  const done = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, 'reset_password', body.token, body.email);
    if (!userId) return false;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerified: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    await endOtherSessions(tx, userId, user!.sessionVersion);
    await enqueueMail(tx, { kind: 'auth.password-changed', to: user!.email, ...mail });
    return true;
  });
  if (!done) throw linkExpired;
  deps.onMailQueued?.();
}

/**
 * Checks an email and password (login, and the old password of a change) once the attempt is
 * taken from the budgets: a wrong password and an unknown email fail alike, in about the same
 * time, and count towards the backoff.
 */
async function checkPassword(
  deps: AuthDeps,
  email: string,
  password: string,
  ip: string | undefined,
  failure: AppError,
): Promise<UserRow> {
  const attempt = await takeLoginAttempt(deps.limiter, email, ip);
  const user = await findUserByEmail(deps.db, email);
  const matches = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!user || !matches) {
    await attempt.failed();
    throw failure;
  }
  await attempt.succeeded();
  if (needsRehash(user.passwordHash)) {
    // Made with older parameters: replaced now that the password is known to be right.
    const [updated] = await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning();
    return updated ?? user;
  }
  return user;
}

/** POST /auth/login: the user, once the password is right and the address verified. */
export async function login(
  deps: AuthDeps,
  body: LoginBody,
  ip: string | undefined,
): Promise<UserRow> {
  const user = await checkPassword(
    deps,
    body.username,
    body.password,
    ip,
    new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials),
  );
  // Told only to someone who knows the password.
  if (!user.emailVerified) throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailNotVerified);
  return user;
}

/**
 * POST /auth/changePassword: needs the old password; raises the session version, which ends every
 * other session, while the session that asked goes on. Emails "your password was changed".
 */
export async function changePassword(
  deps: AuthDeps,
  current: { user: UserRow; familyId: string },
  body: ChangePasswordBody,
  ip: string | undefined,
): Promise<UserRow> {
  const wrongOld = new AppError('INVALID_DATA', AUTH_MESSAGES.wrongOldPassword, {
    oldPassword: AUTH_MESSAGES.wrongOldPassword,
  });
  await checkPassword(deps, current.user.email, body.oldPassword, ip, wrongOld);
  await refuseGuessablePassword(deps, body.newPassword, current.user.email, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const mail = await passwordChangedEmail(deps.shop);
  const user = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, current.user.id))
      .returning();
    await endOtherSessions(tx, updated!.id, updated!.sessionVersion, current.familyId);
    await enqueueMail(tx, { kind: 'auth.password-changed', to: updated!.email, ...mail });
    return updated!;
  });
  deps.onMailQueued?.();
  return user;
}
