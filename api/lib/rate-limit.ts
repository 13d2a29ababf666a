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
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

const secondsFromNow = (seconds: number) =>
  sql`now() + make_interval(secs => ${Math.max(0, seconds)})`;

/** Whole seconds until `column`, at least 1. */
const secondsUntil = (column: typeof rateLimits.windowEndsAt | typeof rateLimits.blockedUntil) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${column} - now()))))::int`;

export function rateLimiter(db: Db): RateLimiter {
  return {
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

    async fail(key, { free, baseSeconds, maxSeconds, forgetAfterSeconds }) {
      // The failures counted with this one: a forgotten row starts again at 1.
      const failures = sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.points} + 1 end`;
      const wait = (count: unknown) =>
        sql`case when ${count} > ${free} then now() + make_interval(secs => least(${maxSeconds}, ${baseSeconds} * power(2, ${count} - ${free} - 1))) end`;
      const [row] = await db
        .insert(rateLimits)
        .values({
          key,
          points: 1,
          windowEndsAt: secondsFromNow(forgetAfterSeconds),
          blockedUntil: free >= 1 ? null : secondsFromNow(Math.min(maxSeconds, baseSeconds)),
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: failures,
            windowEndsAt: secondsFromNow(forgetAfterSeconds),
            blockedUntil: wait(failures),
          },
        })
        .returning({
          wait: sql<number>`coalesce(ceil(extract(epoch from (${rateLimits.blockedUntil} - now()))), 0)::int`,
        });
      return Math.max(0, Number(row!.wait));
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
