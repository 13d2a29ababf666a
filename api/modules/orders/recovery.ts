import { and, asc, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { log } from '../../lib/log';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import type { PaymentGateway } from '../payments';
import { chargeKeyFor } from './repository';
import { closeOrder, UNFINISHED } from './close';
import { settlePaid, type SettleDependencies } from './settle';

export interface RecoveryDependencies extends SettleDependencies {
  gateway: PaymentGateway;
}

export interface RecoveryRound {
  paid: number;
  abandoned: number;
  /** Cancels cut off (`canceling`, `refund_failed`) that this round finished. */
  canceled: number;
  failed: number;
}

/** Pending orders at least this old are settled by recovery (longer than any charge can take). */
export const RECOVER_AFTER_MS = 10 * 60_000;
/** Orders read at a time, due first; a round reads on until none is due (at most ROUND_PAGES). */
export const RECOVERY_BATCH = 100;
const ROUND_PAGES = 10;
/** Failed tries after which an order shows on the dashboard as "needs attention". */
export const NEEDS_ATTENTION_AFTER = 3;
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** How long after its `attempts`-th failed try an order is tried again: 1, 2, 4 … minutes, ≤ 6 h. */
export function recoveryBackoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

/**
 * A cancel cut off (its process died, its connection was lost) is finished after this long: longer
 * than a close takes, so a close still running is not raced for nothing (and would be harmless).
 */
export const FINISH_CLOSE_AFTER_MS = 2 * 60_000;

/** The states the job takes up: pending payments, and cancels that did not finish. */
const RECOVERED = [ORDER_STATE.pendingPayment, ...UNFINISHED];

/** Stuck orders the job has failed to settle NEEDS_ATTENTION_AFTER times or more. */
export const needsAttention = and(
  inArray(orders.shippingStatus, RECOVERED),
  gte(orders.recoveryAttempts, NEEDS_ATTENTION_AFTER),
);

/** One stuck order: asks the gateway about its charge and settles it (paid, or abandoned). */
async function recoverOne(
  deps: RecoveryDependencies,
  order: { id: string; chargeKey: string | null },
): Promise<'paid' | typeof ORDER_STATE.abandoned | undefined> {
  const found = await deps.gateway.lookup(order.chargeKey ?? chargeKeyFor(order.id));
  if (found.kind === 'charged') {
    return (await settlePaid(deps, order.id, found.charge)) ? 'paid' : undefined;
  }
  // Not charged: closed as abandoned, the one way an order ends without shipping (close.ts).
  const closed = await closeOrder(deps, order.id, { by: 'recovery', actorEmail: '' });
  return closed?.outcome === 'closed' ? ORDER_STATE.abandoned : undefined;
}

/** A failed try: counted, its error kept, and the order put back until its backoff has passed. */
async function recordFailure(db: Db, orderId: string, error: unknown, now: Date): Promise<void> {
  const [row] = await db
    .update(orders)
    .set({
      recoveryAttempts: sql`${orders.recoveryAttempts} + 1`,
      recoveryError: String(error).slice(0, 500),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.shippingStatus, RECOVERED)))
    .returning({ attempts: orders.recoveryAttempts });
  if (!row) return;
  await db
    .update(orders)
    .set({ recoveryNextAt: new Date(now.getTime() + recoveryBackoffMs(row.attempts)) })
    .where(eq(orders.id, orderId));
}

/** A failed try recorded (or, if even that fails, logged). */
async function failed(db: Db, orderId: string, error: unknown, now: Date): Promise<void> {
  await recordFailure(db, orderId, error, now).catch((failure: unknown) =>
    log('error', 'order recovery failure not recorded', { orderId, error: String(failure) }),
  );
}

/**
 * Finishes the cancels cut off half-way (issue 36 point 12): an order left `canceling` by a lost
 * connection or a killed process, or `refund_failed` by a gateway that said no. closeOrder takes
 * an unfinished order up where it stopped, each step safe to repeat and to race: the refund has one
 * key per order (a retry never refunds twice), the gift cards are voided once, and the stock, the
 * emails and the state move to `canceled` are written in one transaction guarded by the state, so
 * they happen once. A `canceling` order is retried with backoff until it is finished; a
 * `refund_failed` one NEEDS_ATTENTION_AFTER times, then stays for the owner (who can retry it).
 */
async function finishUnfinishedCloses(
  deps: RecoveryDependencies,
  graceMs: number,
  now: Date,
  round: RecoveryRound,
): Promise<void> {
  const seen: string[] = [];
  for (let page = 0; page < ROUND_PAGES; page += 1) {
    const due = await dueCloses(deps.db, new Date(now.getTime() - graceMs), now, seen);
    for (const order of due) {
      seen.push(order.id);
      try {
        const closed = await closeOrder(deps, order.id, { by: 'recovery', actorEmail: '' });
        if (closed?.outcome === 'closed') round.canceled += 1;
      } catch (error) {
        round.failed += 1;
        log('error', 'finishing a cancel failed', { orderId: order.id, error: String(error) });
        await failed(deps.db, order.id, error, now);
      }
    }
    if (due.length < RECOVERY_BATCH) break;
  }
}

/** Cancels left unfinished since before `before` (or whose backoff is over), never tried first. */
function dueCloses(db: Db, before: Date, now: Date, skip: string[]) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(
          eq(orders.shippingStatus, ORDER_STATE.canceling),
          and(
            eq(orders.shippingStatus, ORDER_STATE.refundFailed),
            lt(orders.recoveryAttempts, NEEDS_ATTENTION_AFTER),
          ),
        ),
        // Its grace at first; once tried, its backoff.
        or(
          and(isNull(orders.recoveryNextAt), lt(orders.updatedAt, before)),
          lte(orders.recoveryNextAt, now),
        ),
        skip.length > 0 ? notInArray(orders.id, skip) : undefined,
      ),
    )
    .orderBy(sql`${orders.recoveryNextAt} asc nulls first`, asc(orders.updatedAt))
    .limit(RECOVERY_BATCH);
}

/**
 * Settles the orders left `pending_payment` for longer than `olderThanMs` (their request died with
 * their process, or the charge's outcome was unknown) by asking the gateway about each one's
 * idempotent charge: charged → paid with its emails; not charged → stock back, order `abandoned`.
 * Each order is settled on its own: one that fails is retried later with backoff (issue 35), so a
 * hundred that cannot be settled never keep a real one from being settled.
 */
export async function recoverPendingOrders(
  deps: RecoveryDependencies,
  olderThanMs = RECOVER_AFTER_MS,
  now = new Date(),
): Promise<RecoveryRound> {
  const round: RecoveryRound = { paid: 0, abandoned: 0, canceled: 0, failed: 0 };
  // Each order once a round: a failed one is put off by its backoff, and never read again here.
  const seen: string[] = [];
  for (let page = 0; page < ROUND_PAGES; page += 1) {
    const due = await dueOrders(deps.db, new Date(now.getTime() - olderThanMs), now, seen);
    for (const order of due) {
      seen.push(order.id);
      try {
        const outcome = await recoverOne(deps, order);
        if (outcome) round[outcome] += 1;
      } catch (error) {
        round.failed += 1;
        log('error', 'order recovery failed', { orderId: order.id, error: String(error) });
        await failed(deps.db, order.id, error, now);
      }
    }
    if (due.length < RECOVERY_BATCH) break;
  }
  // The grace follows a shorter setting (the bench's seconds), never longer than two minutes.
  await finishUnfinishedCloses(deps, Math.min(olderThanMs, FINISH_CLOSE_AFTER_MS), now, round);
  if (round.paid + round.abandoned + round.canceled + round.failed > 0)
    log('info', 'order recovery', { ...round });
  return round;
}

/** Pending orders placed before `placedBefore` whose try is due: never tried first, oldest first. */
function dueOrders(db: Db, placedBefore: Date, now: Date, skip: string[]) {
  return db
    .select({ id: orders.id, chargeKey: orders.chargeKey })
    .from(orders)
    .where(
      and(
        eq(orders.shippingStatus, ORDER_STATE.pendingPayment),
        lt(orders.createdAt, placedBefore),
        or(isNull(orders.recoveryNextAt), lte(orders.recoveryNextAt, now)),
        skip.length > 0 ? notInArray(orders.id, skip) : undefined,
      ),
    )
    .orderBy(sql`${orders.recoveryNextAt} asc nulls first`, asc(orders.createdAt))
    .limit(RECOVERY_BATCH);
}
