import type { EmailTokenPurpose, UserRow } from '../../db/schema';
import { log } from '../../lib/log';
import { randomToken } from '../../lib/tokens';
import {
  enqueueMail,
  passwordResetEmail,
  resetPasswordLink,
  verifyEmailEmail,
  verifyEmailLink,
} from '../mail';
import { findUserByEmail, mayMail, type AuthDeps } from './accounts';
import { issueEmailToken } from './email-tokens';

/**
 * Work left for after the answer has gone (see `sendLinkAfterAnswer`), so that tests and a
 * stopping server can wait for it.
 */
const workAfterAnswers = new Set<Promise<void>>();

/** Resolves once the work left by earlier answers has finished. */
export async function afterAnswersSettled(): Promise<void> {
  while (workAfterAnswers.size > 0) await Promise.all([...workAfterAnswers]);
}

export function afterAnswer(what: string, work: () => Promise<void>): void {
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
    await enqueueMail(tx, {
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
