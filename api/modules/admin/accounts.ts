import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users, type UserRole } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { issueEmailToken, LINK_LIFETIME_SECONDS } from '../auth';
import { resetPasswordLink, type ShopDetails } from '../mail';

export interface AdminAccountOutcome {
  email: string;
  /** 'created': a new account; 'promoted': an existing customer became admin; 'admin' already. */
  outcome: 'created' | 'promoted' | 'admin';
  /** The one-time set-password link (the reset link and page, 60 minutes, single use). */
  link: string;
  expiresInMinutes: number;
}

/**
 * `npm run admin:create`: makes `email` an admin, creating the account when there is none, and
 * issues a one-time set-password link through the reset-password machinery (an older unused reset
 * link of the account stops working). A new account's password is a random secret nobody knows,
 * so the link is the only way in. Recorded in the audit log.
 */
export async function createOrPromoteAdmin(
  db: Db,
  shop: ShopDetails,
  input: { email: string; firstname?: string; lastname?: string },
): Promise<AdminAccountOutcome> {
  const email = input.email.trim().toLowerCase();
  const token = randomToken();
  const unusable = await hashPassword(randomToken());
  const outcome = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for('update');
    let userId: string;
    let result: AdminAccountOutcome['outcome'];
    let before: UserRole | null = null;
    if (existing) {
      userId = existing.id;
      before = existing.role;
      result = existing.role === 'admin' ? 'admin' : 'promoted';
      if (result === 'promoted') {
        await tx
          .update(users)
          .set({ role: 'admin', updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
      }
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          firstname: input.firstname ?? 'Shop',
          lastname: input.lastname ?? 'Owner',
          passwordHash: unusable,
          role: 'admin',
        })
        .returning();
      userId = created!.id;
      result = 'created';
    }
    await issueEmailToken(tx, userId, 'reset_password', token);
    if (result !== 'admin') {
      await tx.insert(auditLog).values({
        actorId: null,
        actorEmail: 'admin:create',
        action: result === 'created' ? 'user.create-admin' : 'user.promote',
        entity: 'user',
        entityId: userId,
        before: before ? { role: before } : null,
        after: { role: 'admin', email },
      });
    }
    return result;
  });
  return {
    email,
    outcome,
    link: resetPasswordLink(shop, token, email),
    expiresInMinutes: LINK_LIFETIME_SECONDS.reset_password / 60,
  };
}
