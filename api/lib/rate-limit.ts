import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** At most `limit` points in a fixed window of `windowSeconds`. */
export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/**
 * A failure backoff (failed logins, declined cards): the first `free` failures cost nothing, then
 * each one doubles the wait, from `baseSeconds` up to `maxSeconds`. Failures are forgotten
 * `forgetAfterSeconds` after the last one. The wait is bounded, so it slows an attacker down
 * without ever locking the rightful owner out for long.
 */
export interface BackoffRule {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Rate limits kept in the database (`rate_limits`), so every server process on one PostgreSQL
 * counts against the same numbers. Each change is one upsert: concurrent requests are counted one
 * by one by the database's row lock, never by a read followed by a write.
 */
export interface RateLimiter {
  /** Counts `cost` points against `key`; refused when the window's total passes the limit. */
  hit(key: string, rule: WindowRule, cost?: number): Promise<Verdict>;
  /** Whether `key` is waiting out a backoff, and for how long. */
  blocked(key: string): Promise<Verdict>;
  /** Records one failure for `key` and answers the wait it now has (0: none). */
  fail(key: string, rule: BackoffRule): Promise<number>;
  /**
   * Takes one attempt from `key`'s backoff before the attempt is made, refused while the key
   * waits out a backoff. The attempt counts as a failure unless it is given back (`release`) or
   * the key forgotten (`reset`), and the attempt past the free ones starts the wait as it is
   * taken: attempts made together are counted one by one by the database, so they cannot all
   * pass one check before any failure is recorded (issue 22 row 4).
   */
  reserve(key: string, rule: BackoffRule): Promise<Verdict>;
  /** Gives back one attempt taken by `reserve` (it was not made after all, or it succeeded). */
  release(key: string, rule: BackoffRule): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

const secondsFromNow = (seconds: number) =>
  sql`now() + make_interval(secs => ${Math.max(0, seconds)})`;

/** Whole seconds until `column`, at least 1. */
const secondsUntil = (column: typeof rateLimits.windowEndsAt | typeof rateLimits.blockedUntil) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${column} - now()))))::int`;

/** The row of a key's first failure (or first attempt taken). */
const firstFailure = (
  key: string,
  { free, baseSeconds, maxSeconds, forgetAfterSeconds }: BackoffRule,
) => ({
  key,
  points: 1,
  windowEndsAt: secondsFromNow(forgetAfterSeconds),
  blockedUntil: free >= 1 ? null : secondsFromNow(Math.min(maxSeconds, baseSeconds)),
});

/** One more failure on an existing row: a forgotten row starts again at 1; past `free`, a wait. */
function nextFailure({ free, baseSeconds, maxSeconds, forgetAfterSeconds }: BackoffRule) {
  const failures = sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.points} + 1 end`;
  return {
    points: failures,
    windowEndsAt: secondsFromNow(forgetAfterSeconds),
    blockedUntil: sql`case when ${failures} > ${free} then now() + make_interval(secs => least(${maxSeconds}, ${baseSeconds} * power(2, ${failures} - ${free} - 1))) end`,
  };
}

export function rateLimiter(db: Db): RateLimiter {
  const limiter: RateLimiter = {
    async hit(key, { limit, windowSeconds }, cost = 1) {
      const expired = sql`${rateLimits.windowEndsAt} <= now()`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, points: cost, windowEndsAt: secondsFromNow(windowSeconds) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: sql`case when ${expired} then excluded.points else ${rateLimits.points} + excluded.points end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
          },
        })
        .returning({ points: rateLimits.points, wait: secondsUntil(rateLimits.windowEndsAt) });
      return row!.points <= limit
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Number(row!.wait) };
    },

    async blocked(key) {
      const [row] = await db
        .select({ wait: secondsUntil(rateLimits.blockedUntil) })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.blockedUntil, sql`now()`)));
      return row ? { allowed: false, retryAfterSeconds: Number(row.wait) } : { allowed: true };
    },

    async fail(key, rule) {
      const [row] = await db
        .insert(rateLimits)
        .values(firstFailure(key, rule))
        .onConflictDoUpdate({ target: rateLimits.key, set: nextFailure(rule) })
        .returning({
          wait: sql<number>`coalesce(ceil(extract(epoch from (${rateLimits.blockedUntil} - now()))), 0)::int`,
        });
      return Math.max(0, Number(row!.wait));
    },

    async reserve(key, rule) {
      // Counted only while the key is not waiting: the condition is checked on the row as
      // locked, so of attempts made together each sees the ones before it.
      const [taken] = await db
        .insert(rateLimits)
        .values(firstFailure(key, rule))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: nextFailure(rule),
          setWhere: sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now()`,
        })
        .returning({ points: rateLimits.points });
      if (taken) return { allowed: true };
      const verdict = await limiter.blocked(key);
      // The wait ended in between: the caller may try again at once.
      return verdict.allowed ? { allowed: false, retryAfterSeconds: 1 } : verdict;
    },

    async release(key, { free }) {
      // Both sides read the row as it was: the wait stays only for failures past the free ones.
      await db
        .update(rateLimits)
        .set({
          points: sql`greatest(0, ${rateLimits.points} - 1)`,
          blockedUntil: sql`case when ${rateLimits.points} - 1 > ${free} then ${rateLimits.blockedUntil} end`,
        })
        .where(eq(rateLimits.key, key));
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
  return limiter;
}
