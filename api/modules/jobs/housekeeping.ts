import { and, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  emailTokens,
  idempotencyKeys,
  rateLimits,
  sessionFamilies,
  stripeEvents,
} from '../../db/schema';
import { SESSION_LIMITS } from '../auth/sessions';
import { DEFAULT_BATCHES, pruneRows, type BatchLimits } from './batches';

/** How long each kind of row is worth keeping. */
export const KEEP = {
  /** A retried confirm comes within minutes; a day is far beyond any retry. */
  idempotencyKeysHours: 24,
  /** Stripe retries an event for 3 days; a month of ids refuses any replay. */
  webhookEventsDays: 30,
} as const;

export interface HousekeepingRound {
  idempotencyKeys: number;
  webhookEvents: number;
  sessions: number;
  emailTokens: number;
  rateLimits: number;
}

const ago = (unit: 'hours' | 'days' | 'secs', amount: number) =>
  sql`now() - make_interval(${sql.raw(unit)} => ${amount})`;

/**
 * Deletes what the shop no longer needs: idempotency keys after 24 hours, webhook event ids after
 * 30 days, sessions past their end (and their refresh tokens, by cascade), expired email links,
 * and rate-limit counters whose window and backoff are over. Each kind in bounded batches.
 */
export async function runHousekeeping(
  db: Db,
  limits: BatchLimits = DEFAULT_BATCHES,
): Promise<HousekeepingRound> {
  const idempotency = await pruneRows(
    db,
    idempotencyKeys,
    idempotencyKeys.key,
    lt(idempotencyKeys.createdAt, ago('hours', KEEP.idempotencyKeysHours)),
    limits,
  );
  const webhookEvents = await pruneRows(
    db,
    stripeEvents,
    stripeEvents.id,
    lt(stripeEvents.receivedAt, ago('days', KEEP.webhookEventsDays)),
    limits,
  );
  const sessions = await pruneRows(
    db,
    sessionFamilies,
    sessionFamilies.id,
    or(
      lte(sessionFamilies.expiresAt, sql`now()`),
      lt(sessionFamilies.lastUsedAt, ago('secs', SESSION_LIMITS.idleSeconds)),
    ),
    limits,
  );
  const tokens = await pruneRows(
    db,
    emailTokens,
    emailTokens.id,
    lte(emailTokens.expiresAt, sql`now()`),
    limits,
  );
  const counters = await pruneRows(
    db,
    rateLimits,
    rateLimits.key,
    and(
      lte(rateLimits.windowEndsAt, sql`now()`),
      sql`(${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now())`,
    ),
    limits,
  );
  return {
    idempotencyKeys: idempotency,
    webhookEvents,
    sessions,
    emailTokens: tokens,
    rateLimits: counters,
  };
}
