import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { refreshTokens, sessionFamilies, users, type UserRow } from '../../db/schema';
import { log } from '../../lib/log';
import { randomToken, sha256 } from '../../lib/tokens';

/**
 * Sessions (DECISIONS "Token in browser storage"): a login starts a family of refresh tokens;
 * each refresh exchanges the presented token for the next one. A token already exchanged and
 * presented again within the grace (requests that were already in flight: two tabs refreshing
 * together) gets an access token and no new cookie, and the log says so; after the grace it is
 * taken for a stolen copy and ends its whole family.
 */
export const SESSION_LIMITS = {
  /** A family ends this long after its login, however active. */
  absoluteSeconds: 30 * 24 * 3600,
  /** …or after this long without a refresh. */
  idleSeconds: 7 * 24 * 3600,
  /**
   * A rotated token presented again this soon is a race, not a theft: long enough for the requests
   * already in flight when it was rotated, short enough that a copy is not worth stealing (issue 22
   * row 13: 30 seconds let a replayed token work any number of times).
   */
  reuseGraceSeconds: 5,
} as const;

export type RevokeReason = 'logout' | 'reuse' | 'password';

export interface StartedSession {
  familyId: string;
  refreshToken: string;
  /** Seconds the refresh cookie may live: until the family's absolute end. */
  cookieSeconds: number;
}

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Starts a family for `user` (at login) and gives its first refresh token. */
export async function startSession(
  db: Db,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
): Promise<StartedSession> {
  const refreshToken = randomToken();
  const familyId = await db.transaction(async (tx) => {
    const [family] = await tx
      .insert(sessionFamilies)
      .values({
        userId: user.id,
        sessionVersion: user.sessionVersion,
        expiresAt: secondsFromNow(SESSION_LIMITS.absoluteSeconds),
      })
      .returning({ id: sessionFamilies.id });
    await tx
      .insert(refreshTokens)
      .values({ familyId: family!.id, tokenHash: sha256(refreshToken) });
    return family!.id;
  });
  return { familyId, refreshToken, cookieSeconds: SESSION_LIMITS.absoluteSeconds };
}

export type RefreshOutcome =
  | {
      kind: 'rotated';
      user: UserRow;
      familyId: string;
      refreshToken: string;
      cookieSeconds: number;
    }
  | { kind: 'grace'; user: UserRow; familyId: string }
  | { kind: 'refused' };

/** The presented refresh token with its family and user: prepared once per database. */
const refreshRowQuery = preparedQuery((db) =>
  db
    .select({
      tokenId: refreshTokens.id,
      rotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
      inGrace: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > now() - make_interval(secs => ${SESSION_LIMITS.reuseGraceSeconds}), false)`,
      alive: sql<boolean>`(${sessionFamilies.revokedAt} is null
        and ${sessionFamilies.expiresAt} > now()
        and ${sessionFamilies.lastUsedAt} > now() - make_interval(secs => ${SESSION_LIMITS.idleSeconds})
        and ${sessionFamilies.sessionVersion} = ${users.sessionVersion})`,
      cookieSeconds: sql<number>`greatest(0, floor(extract(epoch from (${sessionFamilies.expiresAt} - now()))))::int`,
      familyId: sessionFamilies.id,
      user: users,
    })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(refreshTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('refresh_token_row'),
);

/** Exchanges a presented refresh token for the next one (see the file's comment). */
export async function refreshSession(db: Db, presented: string): Promise<RefreshOutcome> {
  const [row] = await refreshRowQuery(db).execute({ tokenHash: sha256(presented) });
  if (!row || !row.alive) return { kind: 'refused' };
  const { user, familyId } = row;
  if (row.rotated) {
    if (row.inGrace) return graceAnswer(user, familyId);
    await revokeFamily(db, familyId, 'reuse');
    return { kind: 'refused' };
  }
  const refreshToken = randomToken();
  const rotated = await db.transaction(async (tx) => {
    // One conditional update: of two requests with the same token, exactly one rotates it.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values({ familyId, tokenHash: sha256(refreshToken) });
    await tx
      .update(sessionFamilies)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessionFamilies.id, familyId));
    return true;
  });
  if (!rotated) return graceAnswer(user, familyId);
  return {
    kind: 'rotated',
    user,
    familyId,
    refreshToken,
    cookieSeconds: Number(row.cookieSeconds),
  };
}

/** A rotated token within the grace: an access token, no new cookie, and a line in the log. */
function graceAnswer(user: UserRow, familyId: string): RefreshOutcome {
  log('info', 'a rotated refresh token was presented again within the grace', {
    familyId,
    graceSeconds: SESSION_LIMITS.reuseGraceSeconds,
  });
  return { kind: 'grace', user, familyId };
}

/** Ends a family: none of its refresh tokens or access tokens works any more. */
export async function revokeFamily(db: Db, familyId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/** The family a refresh token belongs to, if the token is known. */
export async function familyOfRefreshToken(db: Db, presented: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  return row?.familyId;
}

/**
 * Ends every session of a user except `keepFamilyId` (after a password change, the session that
 * changed it goes on, moved to the new version). Call inside the transaction that raises the
 * user's session version.
 */
export async function endOtherSessions(
  tx: Db,
  userId: string,
  newVersion: number,
  keepFamilyId?: string,
): Promise<void> {
  await tx
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: 'password' })
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        keepFamilyId ? ne(sessionFamilies.id, keepFamilyId) : undefined,
      ),
    );
  if (keepFamilyId) {
    await tx
      .update(sessionFamilies)
      .set({ sessionVersion: newVersion })
      .where(eq(sessionFamilies.id, keepFamilyId));
  }
}

/**
 * The user an access token's claims stand for, when the session is still alive: the family not
 * revoked or expired, and the user's session version the token's and the family's.
 */
export async function userOfSession(
  db: Db,
  claims: { sub: string; sid: string; ver: number },
): Promise<UserRow | null> {
  const [row] = await sessionUserQuery(db).execute(claims);
  return row?.user ?? null;
}

/** Every signed-in request asks this: prepared once per database. */
const sessionUserQuery = preparedQuery((db) =>
  db
    .select({ user: users })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(
      and(
        eq(sessionFamilies.id, sql.placeholder('sid')),
        eq(users.id, sql.placeholder('sub')),
        eq(users.sessionVersion, sql.placeholder('ver')),
        eq(sessionFamilies.sessionVersion, sql.placeholder('ver')),
        isNull(sessionFamilies.revokedAt),
        sql`${sessionFamilies.expiresAt} > now()`,
      ),
    )
    .prepare('user_of_session'),
);
