import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys, orders } from '../../db/schema';
import { AppError, StillInFlight } from '../../lib/errors';
import { ORDER_MESSAGES } from '../../../core/orders/model';

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type Claim =
  | { kind: 'claimed'; claimId: string }
  | { kind: 'replay'; status: number; body: unknown; orderId: string | null };

const POLL_MS = 100;
const WAIT_MS = 20_000;
/** Longer than any confirmation can take (the gateway's timeout and retries included). */
export const STALE_AFTER_MS = 5 * 60_000;

/** A stable fingerprint of a validated request: the same key must come with the same request. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Claims a key for a request. A key seen before with a finished answer gives that answer back; a
 * key whose request is still running (a double click) waits for it; a key reused for a different
 * request is refused. A key whose holder died before writing its order is taken over; one whose
 * order is written belongs to that order, which its request or the recovery job settles.
 */
export async function claimKey(
  db: Db,
  key: string,
  scope: string,
  hash: string,
  waitMs = WAIT_MS,
): Promise<Claim> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const claimId = randomUUID();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ key, scope, requestHash: hash, status: 'in_progress', claimId })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed', claimId };

    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (row) {
      if (row.scope !== scope || row.requestHash !== hash) {
        throw new AppError('CONFLICT', ORDER_MESSAGES.keyReused);
      }
      if (row.status === 'completed') {
        return {
          kind: 'replay',
          status: row.responseStatus ?? 200,
          body: row.responseBody,
          orderId: row.orderId,
        };
      }
      // A request that has held the key for minutes without writing its order died with its
      // process before taking anything: take the key over. (Once its order is written, the
      // order's stock and charge are settled by the request or the recovery job, never twice.)
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ updatedAt: new Date(), claimId })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, 'in_progress'),
            isNull(idempotencyKeys.orderId),
            lt(idempotencyKeys.updatedAt, new Date(Date.now() - STALE_AFTER_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length > 0) return { kind: 'claimed', claimId };
    }
    if (Date.now() >= deadline) throw new StillInFlight(ORDER_MESSAGES.stillConfirming);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Lets go of a key whose request failed before writing its order, so the shopper can retry. */
export async function releaseKey(db: Db, key: string, claimId: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.status, 'in_progress'),
        eq(idempotencyKeys.claimId, claimId),
        isNull(idempotencyKeys.orderId),
      ),
    );
}

/**
 * Ties a claimed key to the order its request is writing (inside that transaction). Refuses when
 * the key was taken over meanwhile, so one key never places two orders.
 */
export async function bindKey(db: Db, key: string, claimId: string, orderId: string) {
  const bound = await db
    .update(idempotencyKeys)
    .set({ orderId, updatedAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.claimId, claimId),
        isNull(idempotencyKeys.orderId),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (bound.length === 0) throw new AppError('CONFLICT', ORDER_MESSAGES.stillConfirming);
}

/** Keeps the finished answer with the key (call inside the transaction that did the work). */
export async function completeKey(
  db: Db,
  key: string,
  response: { status: number; body: unknown; orderId: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      status: 'completed',
      responseStatus: response.status,
      responseBody: response.body,
      orderId: response.orderId,
      updatedAt: new Date(),
    })
    .where(eq(idempotencyKeys.key, key));
}

/**
 * The latest order an earlier request with this key wrote, if any: a key let go (its order closed
 * unpaid by the recovery job) can be claimed again, and its retry must not be taken for a new order
 * (issue 36 point 12).
 */
export async function earlierOrderOf(db: Db, key: string) {
  const [row] = await db
    .select({ id: orders.id, state: orders.shippingStatus, chargeKey: orders.chargeKey })
    .from(orders)
    .where(eq(orders.requestKey, key))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}
