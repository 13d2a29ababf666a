import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import {
  bindKey,
  claimKey,
  completeKey,
  IDEMPOTENCY_KEY,
  releaseKey,
  requestHash,
  STALE_AFTER_MS,
} from '../../api/modules/orders/idempotency';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { SEATTLE } from '../helpers/orders';

/**
 * An order's Idempotency-Key (api/modules/orders/idempotency.ts), read back from the database: a
 * key places one order, a retry gets the first answer, a key reused for another request is
 * refused, and a key whose holder died before writing its order can be taken over.
 */
describe('order idempotency keys', () => {
  let test: TestDatabase;
  const db = () => test.database.db;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  const newKey = () => `key-${randomUUID()}`;
  const rowOf = async (key: string) =>
    (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
  /** Makes a key look held for longer than any confirmation takes (its holder died). */
  const age = (key: string, ms: number) =>
    db()
      .update(idempotencyKeys)
      .set({ updatedAt: new Date(Date.now() - ms) })
      .where(eq(idempotencyKeys.key, key));
  const anOrder = async () => {
    const [order] = await db()
      .insert(orders)
      .values({
        isGuest: true,
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace',
        shippingAddress: SEATTLE,
        billingAddress: SEATTLE,
        acceptedReturnPolicy: true,
        subtotalCents: 1900,
        taxRate: 0.1035,
        taxCents: 197,
        totalCents: 2097,
        paymentStatus: 'paid',
      })
      .returning({ id: orders.id });
    return order!.id;
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return { type: (error as AppError).type, message: (error as AppError).message };
  };

  it.each([
    ['8 letters and digits', 'abcd1234', true],
    ['a UUID', '0b7f6c1e-5d0a-4c6e-9f3a-2b1d8e7c6a50', true],
    ['underscores, 100 long', '_'.repeat(100), true],
    ['7 long', 'abc1234', false],
    ['101 long', 'a'.repeat(101), false],
    ['a space inside', 'abcd 1234', false],
    ['anything before it', '!abcd1234', false],
    ['anything after it', 'abcd1234!', false],
  ])('tells a key of %s (%s) valid: %s', (_case, key, valid) => {
    expect(IDEMPOTENCY_KEY.test(key)).toBe(valid);
  });

  it('fingerprints a request by its content: the same request, the same hash', () => {
    const order = { items: [{ sku: 'EG-MUG-ENAMEL', quantity: 2 }], total: 41.94 };
    expect(requestHash(order)).toBe(requestHash({ ...order }));
    expect(requestHash(order)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ ...order, total: 41.95 })).not.toBe(requestHash(order));
  });

  it('gives a fresh key to its first request, kept in progress with its claim', async () => {
    const key = newKey();
    const claim = await claimKey(db(), key, 'orders', 'hash-a');
    expect(claim.kind).toBe('claimed');
    expect(await rowOf(key)).toMatchObject({
      scope: 'orders',
      requestHash: 'hash-a',
      status: 'in_progress',
      claimId: claim.kind === 'claimed' ? claim.claimId : 'none',
      orderId: null,
    });
  });

  it('refuses a key reused for another request or in another scope', async () => {
    const key = newKey();
    await claimKey(db(), key, 'orders', 'hash-a');
    const conflict = { type: 'CONFLICT', message: ORDER_MESSAGES.keyReused };
    expect(await refusal(claimKey(db(), key, 'orders', 'hash-b', 0))).toEqual(conflict);
    expect(await refusal(claimKey(db(), key, 'returns', 'hash-a', 0))).toEqual(conflict);
  });

  it('makes a second click wait for the first and answer with its order', async () => {
    const key = newKey();
    const first = await claimKey(db(), key, 'orders', 'hash-a');
    if (first.kind !== 'claimed') throw new Error('not claimed');
    const orderId = await anOrder();
    const second = claimKey(db(), key, 'orders', 'hash-a');
    // The first request finishes while the second waits (it asks again until it has, or for 20 s).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await completeKey(db(), key, { status: 201, body: { number: 1002 }, orderId });
    expect(await second).toEqual({ kind: 'replay', status: 201, body: { number: 1002 }, orderId });
  });

  it('says the order is still being confirmed when the first click outlasts the wait', async () => {
    const key = newKey();
    await claimKey(db(), key, 'orders', 'hash-a');
    expect(await refusal(claimKey(db(), key, 'orders', 'hash-a', 250))).toEqual({
      type: 'CONFLICT',
      message: ORDER_MESSAGES.stillConfirming,
    });
  });

  it('answers a retry of a finished request with the first answer, status and order', async () => {
    const key = newKey();
    const first = await claimKey(db(), key, 'orders', 'hash-a');
    const orderId = await anOrder();
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await bindKey(db(), key, first.claimId, orderId);
    await completeKey(db(), key, { status: 201, body: { number: 1001 }, orderId });
    expect(await claimKey(db(), key, 'orders', 'hash-a')).toEqual({
      kind: 'replay',
      status: 201,
      body: { number: 1001 },
      orderId,
    });
    expect(await rowOf(key)).toMatchObject({ status: 'completed', responseStatus: 201, orderId });
  });

  it('replays a finished answer stored without a status as 200', async () => {
    const key = newKey();
    await claimKey(db(), key, 'orders', 'hash-a');
    await db()
      .update(idempotencyKeys)
      .set({ status: 'completed', responseBody: { ok: true } })
      .where(eq(idempotencyKeys.key, key));
    expect(await claimKey(db(), key, 'orders', 'hash-a')).toEqual({
      kind: 'replay',
      status: 200,
      body: { ok: true },
      orderId: null,
    });
  });

  it('takes over a key whose holder died before writing its order, with a new claim', async () => {
    const key = newKey();
    const first = await claimKey(db(), key, 'orders', 'hash-a');
    await age(key, STALE_AFTER_MS + 60_000);
    const second = await claimKey(db(), key, 'orders', 'hash-a', 0);
    expect(second.kind).toBe('claimed');
    if (first.kind !== 'claimed' || second.kind !== 'claimed') throw new Error('not claimed');
    expect(second.claimId).not.toBe(first.claimId);
    const row = await rowOf(key);
    expect(row?.claimId).toBe(second.claimId);
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(STALE_AFTER_MS);
    // The dead holder can no longer tie the key to an order.
    const orderId = await anOrder();
    expect(await refusal(bindKey(db(), key, first.claimId, orderId))).toEqual({
      type: 'CONFLICT',
      message: ORDER_MESSAGES.stillConfirming,
    });
    await bindKey(db(), key, second.claimId, orderId);
    expect((await rowOf(key))?.orderId).toBe(orderId);
  });

  it('does not take over a key held for less than the stale time', async () => {
    const key = newKey();
    await claimKey(db(), key, 'orders', 'hash-a');
    await age(key, STALE_AFTER_MS - 60_000);
    expect((await refusal(claimKey(db(), key, 'orders', 'hash-a', 0))).message).toBe(
      ORDER_MESSAGES.stillConfirming,
    );
  });

  it('never takes over a key whose order is written, however old', async () => {
    const key = newKey();
    const first = await claimKey(db(), key, 'orders', 'hash-a');
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await bindKey(db(), key, first.claimId, await anOrder());
    await age(key, STALE_AFTER_MS * 10);
    expect((await refusal(claimKey(db(), key, 'orders', 'hash-a', 0))).message).toBe(
      ORDER_MESSAGES.stillConfirming,
    );
  });

  it('never takes over a finished key: it replays it', async () => {
    const key = newKey();
    await claimKey(db(), key, 'orders', 'hash-a');
    await db()
      .update(idempotencyKeys)
      .set({ status: 'completed', responseStatus: 402, responseBody: { error: 'declined' } })
      .where(eq(idempotencyKeys.key, key));
    await age(key, STALE_AFTER_MS * 10);
    expect(await claimKey(db(), key, 'orders', 'hash-a', 0)).toMatchObject({
      kind: 'replay',
      status: 402,
    });
  });

  it('binds a key to one order only', async () => {
    const key = newKey();
    const claim = await claimKey(db(), key, 'orders', 'hash-a');
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    const orderId = await anOrder();
    await bindKey(db(), key, claim.claimId, orderId);
    expect((await refusal(bindKey(db(), key, claim.claimId, await anOrder()))).message).toBe(
      ORDER_MESSAGES.stillConfirming,
    );
    expect((await rowOf(key))?.orderId).toBe(orderId);
  });

  it('lets go of a failed request’s key so the shopper can retry, but only its holder’s', async () => {
    const key = newKey();
    const claim = await claimKey(db(), key, 'orders', 'hash-a');
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    await releaseKey(db(), key, randomUUID());
    expect(await rowOf(key)).toBeDefined();
    await releaseKey(db(), newKey(), claim.claimId);
    expect(await rowOf(key)).toBeDefined();
    await releaseKey(db(), key, claim.claimId);
    expect(await rowOf(key)).toBeUndefined();
    expect((await claimKey(db(), key, 'orders', 'hash-b')).kind).toBe('claimed');
  });

  it('keeps a key whose order is written, or whose answer is kept', async () => {
    const bound = newKey();
    const claim = await claimKey(db(), bound, 'orders', 'hash-a');
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    await bindKey(db(), bound, claim.claimId, await anOrder());
    await releaseKey(db(), bound, claim.claimId);
    expect(await rowOf(bound)).toBeDefined();

    const finished = newKey();
    const other = await claimKey(db(), finished, 'orders', 'hash-a');
    if (other.kind !== 'claimed') throw new Error('not claimed');
    await db()
      .update(idempotencyKeys)
      .set({ status: 'completed' })
      .where(eq(idempotencyKeys.key, finished));
    await releaseKey(db(), finished, other.claimId);
    expect(await rowOf(finished)).toBeDefined();
  });

  it('keeps the answer with its own key only', async () => {
    const [one, two] = [newKey(), newKey()];
    await claimKey(db(), one, 'orders', 'hash-a');
    await claimKey(db(), two, 'orders', 'hash-a');
    const orderId = await anOrder();
    await completeKey(db(), one, { status: 201, body: { number: 7 }, orderId });
    expect(await rowOf(one)).toMatchObject({
      status: 'completed',
      responseStatus: 201,
      responseBody: { number: 7 },
      orderId,
    });
    expect(await rowOf(two)).toMatchObject({ status: 'in_progress', orderId: null });
  });
});
