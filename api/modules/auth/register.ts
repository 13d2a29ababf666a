import { eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { enqueueMail, accountExistsEmail, verifyEmailEmail, verifyEmailLink } from '../mail';
import { AUTH_MESSAGES, type RegisterBody, type VerifyEmailQuery } from '../../../core/auth/model';
import { findUserByEmail, mayMail, refuseGuessablePassword, type AuthDeps } from './accounts';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { isUniqueViolation } from '../../lib/unique-violation';

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
      await enqueueMail(tx, { kind: 'auth.verify-email', to: user!.email, ...mail });
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
    enqueueMail(tx, { kind: 'auth.account-exists', to: user.email, ...mail }),
  );
  deps.onMailQueued?.();
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
