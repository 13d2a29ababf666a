import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users, type EmailTokenPurpose } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';

/** How long an emailed link works (issue 10). */
export const LINK_LIFETIME_SECONDS = { verify_email: 24 * 3600, reset_password: 60 * 60 } as const;

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
export async function emailTokenUsable(
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
export async function consumeEmailToken(
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
