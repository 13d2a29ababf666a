import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users, type EmailTokenPurpose, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limit';
import { randomToken, sha256 } from '../../lib/tokens';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import {
  accountExistsEmail,
  passwordChangedEmail,
  passwordResetEmail,
  resetPasswordLink,
  verifyEmailEmail,
  verifyEmailLink,
  type ShopDetails,
} from '../mail/templates';
import type { UserDto } from '../../../core/user/model';
import {
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type VerifyEmailQuery,
} from '../../../core/auth/model';
import { takeLoginAttempt } from './login-limits';
import { isGuessablePassword } from '../../../core/auth/password-strength';
import { endOtherSessions } from './sessions';

/** How long an emailed link works (issue 10). */
export const LINK_LIFETIME_SECONDS = { verify_email: 24 * 3600, reset_password: 60 * 60 } as const;

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

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
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
async function refuseGuessablePassword(
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
async function mayMail(deps: AuthDeps, kind: 'verify' | 'reset' | 'exists', email: string) {
  const verdict = await deps.limiter.hit(`mail.${kind}:${email.toLowerCase()}`, {
    limit: 1,
    windowSeconds: ACCOUNT_MAIL_WINDOW_SECONDS,
  });
  return verdict.allowed;
}

/**
 * A new one-use link token for `purpose`: older unused ones of the same purpose stop working.
 * Call inside the transaction that queues the email carrying it.
 */
export async function issueEmailToken(
  tx: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string = randomToken(),
) {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(secs => ${LINK_LIFETIME_SECONDS[purpose]})`,
  });
  return token;
}

/** An unused, unexpired link token of `purpose` for the account of `email`. */
const usableEmailToken = (purpose: EmailTokenPurpose, token: string, email: string) =>
  and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    sql`${emailTokens.expiresAt} > now()`,
    sql`${emailTokens.userId} = (select ${users.id} from ${users} where lower(${users.email}) = ${email.toLowerCase()})`,
  );

/** Whether a link token would be accepted now (it is not consumed). */
async function emailTokenUsable(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(usableEmailToken(purpose, token, email));
  return row !== undefined;
}

/**
 * Consumes a link token with one conditional update: only an unused, unexpired token of this
 * purpose, for this email's account, is marked used; of two simultaneous uses one wins.
 */
async function consumeEmailToken(
  tx: Db,
  purpose: EmailTokenPurpose,
  token: string,
  email: string,
): Promise<string | undefined> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(usableEmailToken(purpose, token, email))
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

async function queue(deps: AuthDeps, tx: Db, mail: OutgoingMail): Promise<void> {
  await enqueueMail(tx, mail);
}

/**
 * POST /auth/register. A new address gets an account and a verification email; an address that
 * already has one gets a "you already have an account" email instead, and the same answer.
 */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<void> {
  await refuseGuessablePassword(deps, body.password, body.username, 'password');
  // Hashed in both cases, so the time taken does not tell a known address from a new one.
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(deps.db, body.username);
  if (existing) {
    await notifyExistingAccount(deps, existing);
    return;
  }
  // A new account's first verification email always goes (it counts towards the window, so a
  // resend right after waits), whatever a stranger asked for this address before.
  await mayMail(deps, 'verify', body.username);
  const token = randomToken();
  const mail = await verifyEmailEmail(deps.shop, verifyEmailLink(deps.shop, token, body.username));
  try {
    await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.username,
          firstname: body.firstname,
          lastname: body.lastname,
          passwordHash,
        })
        .returning();
      await issueEmailToken(tx, user!.id, 'verify_email', token);
      await queue(deps, tx, { kind: 'auth.verify-email', to: user!.email, ...mail });
    });
  } catch (error) {
    // Registered at the same moment by another request: the account exists now.
    if (isUniqueViolation(error)) {
      const raced = await findUserByEmail(deps.db, body.username);
      if (raced) return notifyExistingAccount(deps, raced);
    }
    throw error;
  }
  deps.onMailQueued?.();
}

async function notifyExistingAccount(deps: AuthDeps, user: UserRow) {
  if (!(await mayMail(deps, 'exists', user.email))) return;
  const mail = await accountExistsEmail(deps.shop);
  await deps.db.transaction((tx) =>
    queue(deps, tx, { kind: 'auth.account-exists', to: user.email, ...mail }),
  );
  deps.onMailQueued?.();
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** GET /auth/verify-email: a valid link marks the address verified. */
export async function verifyEmail(deps: AuthDeps, query: VerifyEmailQuery): Promise<void> {
  const verified = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, 'verify_email', query.token, query.email);
    if (!userId) return false;
    await tx
      .update(users)
      .set({
        emailVerified: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    return true;
  });
  if (!verified) throw new AppError('INVALID_DATA', AUTH_MESSAGES.verifyLinkExpired);
}

/**
 * Work left for after the answer has gone (see `sendLinkAfterAnswer`), so that tests and a
 * stopping server can wait for it.
 */
const workAfterAnswers = new Set<Promise<void>>();

/** Resolves once the work left by earlier answers has finished. */
export async function afterAnswersSettled(): Promise<void> {
  while (workAfterAnswers.size > 0) await Promise.all([...workAfterAnswers]);
}

function afterAnswer(what: string, work: () => Promise<void>): void {
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) =>
      log('error', `${what} failed`, {
        error: error instanceof Error ? error.message : String(error),
      }),
    )
    .finally(() => workAfterAnswers.delete(running));
  workAfterAnswers.add(running);
}

/**
 * The account's part of a resend or a reset request: only an account that `wanted` gets the email
 * (at most one per window per address), carrying a new one-use link.
 */
async function sendLink(
  deps: AuthDeps,
  email: string,
  purpose: EmailTokenPurpose,
  wanted: (user: UserRow) => boolean,
): Promise<void> {
  if (!(await mayMail(deps, purpose === 'verify_email' ? 'verify' : 'reset', email))) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user || !wanted(user)) return;
  const token = randomToken();
  const mail =
    purpose === 'verify_email'
      ? await verifyEmailEmail(deps.shop, verifyEmailLink(deps.shop, token, email))
      : await passwordResetEmail(deps.shop, resetPasswordLink(deps.shop, token, email));
  await deps.db.transaction(async (tx) => {
    await issueEmailToken(tx, user.id, purpose, token);
    await queue(deps, tx, {
      kind: purpose === 'verify_email' ? 'auth.verify-email' : 'auth.reset-password',
      to: user.email,
      ...mail,
    });
  });
  deps.onMailQueued?.();
}

/**
 * POST /auth/resend-verification and POST /auth/forgot-password answer at once, the same for
 * every address, and look for the account only after the answer has gone: neither the answer nor
 * its timing tells who has an account (issue 22 row 8: an account's link, written on the request
 * path, made its answer slower). The email goes through the outbox as ever.
 */
function sendLinkAfterAnswer(
  deps: AuthDeps,
  email: string,
  purpose: EmailTokenPurpose,
  wanted: (user: UserRow) => boolean,
): void {
  afterAnswer(`the ${purpose} link`, () => sendLink(deps, email, purpose, wanted));
}

/** POST /auth/resend-verification: a new link for an account not yet verified. */
export const resendVerification = (deps: AuthDeps, email: string) =>
  sendLinkAfterAnswer(deps, email, 'verify_email', (user) => !user.emailVerified);

/** POST /auth/forgot-password: a reset link for an account. */
export const forgotPassword = (deps: AuthDeps, email: string) =>
  sendLinkAfterAnswer(deps, email, 'reset_password', () => true);

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
    await queue(deps, tx, { kind: 'auth.password-changed', to: user!.email, ...mail });
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
    await queue(deps, tx, { kind: 'auth.password-changed', to: updated!.email, ...mail });
    return updated!;
  });
  deps.onMailQueued?.();
  return user;
}
