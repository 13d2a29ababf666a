import type { Db } from '../../api/db/client';
import { users } from '../../api/db/schema';
import { accessTokens } from '../../api/lib/access-token';
import { startSession } from '../../api/modules/auth/sessions';

/**
 * Makes the shop's owner in `db` with a session, and answers an access token for it signed with
 * `secret` for `siteUrl`: what servers started on that database accept from the back office.
 */
export async function ownerAccessToken(db: Db, secret: string, siteUrl: string): Promise<string> {
  const [owner] = await db
    .insert(users)
    .values({
      email: 'owner@example.com',
      firstname: 'Shop',
      lastname: 'Owner',
      passwordHash: 'unused',
      emailVerified: true,
      role: 'admin',
    })
    .returning();
  const session = await startSession(db, owner!);
  return accessTokens({ secret, siteUrl }).sign({
    sub: owner!.id,
    sid: session.familyId,
    ver: owner!.sessionVersion,
  });
}
