import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailTokens,
  idempotencyKeys,
  rateLimits,
  refreshTokens,
  sessionFamilies,
  stripeEvents,
  users,
} from '../../api/db/schema';
import { runHousekeeping } from '../../api/modules/jobs/housekeeping';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/** What housekeeping deletes, what it keeps, and that it goes batch after batch. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe('housekeeping', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.cleanup());

  it('prunes old keys, events, sessions, email links and spent counters, and nothing else', async () => {
    const { db } = test.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'keep@example.com', firstname: 'K', lastname: 'P', passwordHash: 'x' })
      .returning();
    const key = (name: string, createdAt: Date) => ({
      key: name,
      scope: 'orders',
      requestHash: 'h',
      status: 'completed' as const,
      createdAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([
        key('old-1', hoursAgo(25)),
        key('old-2', hoursAgo(48)),
        key('old-3', hoursAgo(100)),
        key('fresh', hoursAgo(23)),
      ]);
    await db.insert(stripeEvents).values([
      { id: 'evt_old', type: 'x', outcome: 'applied', receivedAt: hoursAgo(31 * 24) },
      { id: 'evt_new', type: 'x', outcome: 'applied', receivedAt: hoursAgo(29 * 24) },
    ]);
    const family = (name: string, expiresAt: Date, lastUsedAt: Date) => ({
      id: name,
      userId: user!.id,
      sessionVersion: 1,
      expiresAt,
      lastUsedAt,
    });
    const ids = {
      expired: '00000000-0000-4000-8000-000000000001',
      idle: '00000000-0000-4000-8000-000000000002',
      live: '00000000-0000-4000-8000-000000000003',
    };
    await db
      .insert(sessionFamilies)
      .values([
        family(ids.expired, hoursAgo(1), hoursAgo(2)),
        family(ids.idle, hoursAhead(24 * 20), hoursAgo(8 * 24)),
        family(ids.live, hoursAhead(24 * 20), hoursAgo(1)),
      ]);
    await db.insert(refreshTokens).values([
      { familyId: ids.expired, tokenHash: 'a' },
      { familyId: ids.live, tokenHash: 'b' },
    ]);
    await db.insert(emailTokens).values([
      { userId: user!.id, purpose: 'verify_email', tokenHash: 'e1', expiresAt: hoursAgo(1) },
      { userId: user!.id, purpose: 'reset_password', tokenHash: 'e2', expiresAt: hoursAhead(1) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'spent', points: 3, windowEndsAt: hoursAgo(1) },
      { key: 'counting', points: 3, windowEndsAt: hoursAhead(1) },
      { key: 'backing-off', points: 9, windowEndsAt: hoursAgo(1), blockedUntil: hoursAhead(1) },
      { key: 'backoff-over', points: 9, windowEndsAt: hoursAgo(2), blockedUntil: hoursAgo(1) },
    ]);

    const round = await runHousekeeping(db, { batchSize: 2, maxBatches: 5 });
    expect(round).toEqual({
      idempotencyKeys: 3,
      webhookEvents: 1,
      sessions: 2,
      emailTokens: 1,
      rateLimits: 2,
      restockRequests: 0,
      restockEmails: 0,
      giftRecipientEmails: 0,
    });

    const keys = async (table: string, column: string) =>
      (
        (await db.execute(
          sql.raw(`select ${column} as k from ${table} order by ${column}`),
        )) as unknown as { rows: { k: string }[] }
      ).rows.map((row) => row.k);
    expect(await keys('idempotency_keys', 'key')).toEqual(['fresh']);
    expect(await keys('stripe_events', 'id')).toEqual(['evt_new']);
    expect(await keys('session_families', 'id')).toEqual([ids.live]);
    expect(await keys('refresh_tokens', 'token_hash')).toEqual(['b']);
    expect(await keys('email_tokens', 'token_hash')).toEqual(['e2']);
    expect(await keys('rate_limits', 'key')).toEqual(['backing-off', 'counting']);
    expect(await runHousekeeping(db)).toEqual({
      idempotencyKeys: 0,
      webhookEvents: 0,
      sessions: 0,
      emailTokens: 0,
      rateLimits: 0,
      restockRequests: 0,
      restockEmails: 0,
      giftRecipientEmails: 0,
    });
  });

  it('stops after its batches and leaves the rest to the next round', async () => {
    const { db } = test.database;
    await db.insert(idempotencyKeys).values(
      Array.from({ length: 7 }, (_, n) => ({
        key: `batch-${n}`,
        scope: 'orders',
        requestHash: 'h',
        status: 'completed' as const,
        createdAt: hoursAgo(30),
      })),
    );
    const first = await runHousekeeping(db, { batchSize: 2, maxBatches: 2 });
    expect(first.idempotencyKeys).toBe(4);
    const second = await runHousekeeping(db, { batchSize: 2, maxBatches: 2 });
    expect(second.idempotencyKeys).toBe(3);
  });
});
