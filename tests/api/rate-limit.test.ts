import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../api/db/schema';
import { rateLimiter, type RateLimiter } from '../../api/lib/rate-limit';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/** PGlite runs one transaction at a time: races are only proven on PostgreSQL. */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('the rate limiter (counters in the database)', () => {
  let test: TestDatabase;
  let limiter: RateLimiter;
  beforeAll(async () => {
    test = await createTestDatabase();
    limiter = rateLimiter(test.database.db);
  });
  afterAll(() => test?.cleanup());

  const rule = { limit: 3, windowSeconds: 60 };

  it('allows `limit` hits in a window, then refuses with the seconds left', async () => {
    for (let hit = 1; hit <= 3; hit += 1) {
      expect(await limiter.hit('window:a', rule)).toEqual({ allowed: true });
    }
    const refused = await limiter.hit('window:a', rule);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(55);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another key has its own count.
    expect(await limiter.hit('window:b', rule)).toEqual({ allowed: true });
  });

  it('starts a new window once the old one has ended', async () => {
    for (let hit = 0; hit < 4; hit += 1) await limiter.hit('window:c', rule);
    expect((await limiter.hit('window:c', rule)).allowed).toBe(false);
    await test.database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'window:c'));
    expect(await limiter.hit('window:c', rule)).toEqual({ allowed: true });
    const [row] = await test.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'window:c'));
    expect(row!.points).toBe(1);
  });

  it('doubles the wait after the free failures, up to the cap, and forgets on reset', async () => {
    const backoff = { free: 2, baseSeconds: 10, maxSeconds: 80, forgetAfterSeconds: 3600 };
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      waits.push(await limiter.fail('login:owner@example.com', backoff));
    }
    // Seconds are counted by the database clock, so each may read one less than its nominal value.
    const nominal = [0, 0, 10, 20, 40, 80, 80];
    waits.forEach((wait, index) => {
      expect(wait).toBeLessThanOrEqual(nominal[index]!);
      expect(wait).toBeGreaterThanOrEqual(Math.max(0, nominal[index]! - 1));
    });
    const blocked = await limiter.blocked('login:owner@example.com');
    expect(blocked.allowed).toBe(false);
    expect(await limiter.blocked('login:someone-else@example.com')).toEqual({ allowed: true });

    await limiter.reset('login:owner@example.com');
    expect(await limiter.blocked('login:owner@example.com')).toEqual({ allowed: true });
    expect(await limiter.fail('login:owner@example.com', backoff)).toBe(0);
  });

  it('starts counting failures again once they are forgotten', async () => {
    const backoff = { free: 1, baseSeconds: 5, maxSeconds: 60, forgetAfterSeconds: 60 };
    await limiter.fail('login:forgotten', backoff);
    expect(await limiter.fail('login:forgotten', backoff)).toBeGreaterThan(0);
    await test.database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'`, blockedUntil: null })
      .where(eq(rateLimits.key, 'login:forgotten'));
    expect(await limiter.fail('login:forgotten', backoff)).toBe(0);
  });

  it.runIf(onPostgres)(
    'lets exactly `limit` of many simultaneous requests through (PostgreSQL)',
    async () => {
      const verdicts = await Promise.all(
        Array.from({ length: 40 }, () =>
          limiter.hit('race:window', { limit: 5, windowSeconds: 60 }),
        ),
      );
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
      const [row] = await test.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'race:window'));
      expect(row!.points).toBe(40);
    },
  );

  it.runIf(onPostgres)('counts every one of many simultaneous failures (PostgreSQL)', async () => {
    const backoff = { free: 100, baseSeconds: 1, maxSeconds: 60, forgetAfterSeconds: 600 };
    await Promise.all(Array.from({ length: 30 }, () => limiter.fail('race:fail', backoff)));
    const [row] = await test.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'race:fail'));
    expect(row!.points).toBe(30);
  });

  const attempts = { free: 3, baseSeconds: 30, maxSeconds: 3600, forgetAfterSeconds: 3600 };

  it('reserve takes the free attempts and one more, which starts the wait; release gives one back', async () => {
    const verdicts = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      verdicts.push((await limiter.reserve('reserve:a', attempts)).allowed);
    }
    expect(verdicts).toEqual([true, true, true, true, false, false]);
    const refused = await limiter.reserve('reserve:a', attempts);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(25);
    // The 4th attempt given back (it succeeded): the wait it started is lifted, 3 stay counted.
    await limiter.release('reserve:a', attempts);
    const [row] = await test.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'reserve:a'));
    expect(row).toMatchObject({ points: 3, blockedUntil: null });
    expect((await limiter.reserve('reserve:a', attempts)).allowed).toBe(true);
  });

  it.runIf(onPostgres)(
    'of many simultaneous reservations exactly the free ones and one more pass (PostgreSQL)',
    async () => {
      const verdicts = await Promise.all(
        Array.from({ length: 30 }, () => limiter.reserve('race:reserve', attempts)),
      );
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(attempts.free + 1);
    },
  );
});
