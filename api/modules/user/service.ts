import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { ProfileBody } from '../../../core/user/model';

/** PUT /user/me: new first and last names. */
export async function updateProfile(db: Db, userId: string, body: ProfileBody): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ firstname: body.firstname, lastname: body.lastname, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}
