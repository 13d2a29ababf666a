import { and, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  emailTokens,
  idempotencyKeys,
  rateLimits,
  restockRequests,
  sessionFamilies,
  stripeEvents,
} from '../../db/schema';
import { SESSION_LIMITS } from '../auth';
import { claimRestocked } from '../restock-alerts';
import { RESTOCK_KEEP_DAYS } from '../../../core/restock/texts';
import { DEFAULT_BATCHES, pruneRows, type BatchLimits } from './batches';
import { clearGiftRecipientEmails } from './gift-recipients';

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
  /** Back-in-stock requests past RESTOCK_KEEP_DAYS (issue 27). */
  restockRequests: number;
  /** Back-in-stock emails a crash between a restock and its claim left unsent. */
  restockEmails: number;
  /** Gift recipients' emails cleared 30 days after delivery (issue 26). */
  giftRecipientEmails: number;
}

const ago = (unit: 'hours' | 'days' | 'secs', amount: number) =>
  sql`now() - make_interval(${sql.raw(unit)} => ${amount})`;

/**
 * Deletes what the shop no longer needs: idempotency keys after 24 hours, webhook event ids after
 * 30 days, sessions past their end (and their refresh tokens, by cascade), expired email links,
 * rate-limit counters whose window and backoff are over, back-in-stock requests after 180
 * days, and gift recipients' emails 30 days after delivery (`now`: the clock, for tests). Each kind in bounded batches. It also sends any back-in-stock email a process stopped
 * before claiming (the claim is idempotent: usually it finds nothing).
 */
export async function runHousekeeping(
  db: Db,
  limits: BatchLimits = DEFAULT_BATCHES,
  now: Date = new Date(),
): Promise<HousekeepingRound> {
  const prune = (table: PgTable, key: PgColumn, done: SQL | undefined) =>
    pruneRows(db, table, key, done, limits);
  const idempotency = await prune(
    idempotencyKeys,
    idempotencyKeys.key,
    lt(idempotencyKeys.createdAt, ago('hours', KEEP.idempotencyKeysHours)),
  );
  const webhookEvents = await prune(
    stripeEvents,
    stripeEvents.id,
    lt(stripeEvents.receivedAt, ago('days', KEEP.webhookEventsDays)),
  );
  const sessions = await prune(
    sessionFamilies,
    sessionFamilies.id,
    or(
      lte(sessionFamilies.expiresAt, sql`now()`),
      lt(sessionFamilies.lastUsedAt, ago('secs', SESSION_LIMITS.idleSeconds)),
    ),
  );
  const tokens = await prune(emailTokens, emailTokens.id, lte(emailTokens.expiresAt, sql`now()`));
  const counters = await prune(
    rateLimits,
    rateLimits.key,
    and(
      lte(rateLimits.windowEndsAt, sql`now()`),
      sql`(${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now())`,
    ),
  );
  const restockEmails = await db.transaction((tx) => claimRestocked(tx as unknown as Db));
  const restock = await prune(
    restockRequests,
    restockRequests.id,
    lt(restockRequests.createdAt, ago('days', RESTOCK_KEEP_DAYS)),
  );
  const giftRecipientEmails = await clearGiftRecipientEmails(db, now, limits);
  return {
    idempotencyKeys: idempotency,
    webhookEvents,
    sessions,
    emailTokens: tokens,
    rateLimits: counters,
    restockRequests: restock,
    restockEmails,
    giftRecipientEmails,
  };
}
