import { orderConfirmationSchema } from '../../core/orders/model';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, outbox, sandboxCharges } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { recoverPendingOrders } from '../../api/modules/orders/recovery';
import { findOrder } from '../../api/modules/orders/repository';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  enamelLine,
  footprint,
  guestOrder,
  productStock,
  sandboxToken,
} from '../helpers/orders';

const SHOP = { siteName: 'Evergreen', siteUrl: 'http://localhost', shopEmail: 'shop@example.com' };

/**
 * The sandbox with a switch: 'lost' charges and then fails as if the answer never came back (a
 * crash or a timeout after the charge); 'unreachable' fails before charging.
 */
let mode: 'normal' | 'lost' | 'unreachable' = 'normal';
function switchableSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'recovery-test-secret-recovery-test');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (mode === 'unreachable') throw new AppError('UNAVAILABLE', 'gateway unreachable');
      const result = await sandbox.gateway.charge(request);
      if (mode === 'lost') throw new AppError('UNAVAILABLE', 'answer lost');
      return result;
    },
    refund: (reference, key) => sandbox.gateway.refund(reference, key),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('orders left pending_payment', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => switchableSandbox(api) });
  const recover = () =>
    recoverPendingOrders(
      { db: api.test.database.db, gateway: switchableSandbox(api).payments.gateway, shop: SHOP },
      0,
    );
  const mailOf = async (orderId: string) => {
    const [row] = await api.test.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));
    const [mail] = await api.test.database.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.kind, 'order.confirmed'));
    return { number: row!.number, confirmed: mail!.n };
  };

  it('keeps stock taken and shows nothing while the charge outcome is unknown', async () => {
    const { db } = api.test.database;
    const stock = await productStock(db, 'campfire-enamel-mug');
    const before = await footprint(db);
    mode = 'unreachable';
    const order = await guestOrder(api, [enamelLine(2)], (await sandboxToken(api)).token);
    const response = await confirm(api, order, 'unknown-outcome-0001');
    mode = 'normal';
    expect(response.status).toBe(503);
    const [pending] = await db
      .select()
      .from(orders)
      .where(eq(orders.requestKey, 'unknown-outcome-0001'));
    expect(pending!.shippingStatus).toBe('pending_payment');
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 2);
    expect(await footprint(db)).toEqual({ ...before, keys: before.keys + 1 });
    // Never shown to a customer: any order lookup leaves it out.
    expect(await findOrder(db, pending!.id)).toBeUndefined();

    // Recovery: the gateway has no charge for it → stock back, abandoned, key let go.
    expect(await recover()).toMatchObject({ abandoned: 1, paid: 0 });
    const [abandoned] = await db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(abandoned!.shippingStatus).toBe('abandoned');
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
    expect(
      await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'unknown-outcome-0001')),
    ).toEqual([]);

    // The shopper's retry with the same key places the order once.
    const retry = await confirm(api, order, 'unknown-outcome-0001');
    expect(retry.status).toBe(201);
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 2);
  });

  it('completes an order whose charge went through with its emails, once', async () => {
    const { db } = api.test.database;
    const stock = await productStock(db, 'campfire-enamel-mug');
    const chargesBefore = (await db.select({ n: count() }).from(sandboxCharges))[0]!.n;
    mode = 'lost';
    const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
    const response = await confirm(api, order, 'lost-answer-key-0001');
    mode = 'normal';
    expect(response.status).toBe(503);
    const [pending] = await db
      .select()
      .from(orders)
      .where(eq(orders.requestKey, 'lost-answer-key-0001'));
    expect(pending!.shippingStatus).toBe('pending_payment');
    const mailBefore = await mailOf(pending!.id);

    expect(await recover()).toMatchObject({ paid: 1, abandoned: 0 });
    expect(await recover()).toMatchObject({ paid: 0, abandoned: 0 });
    const [paid] = await db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(paid).toMatchObject({ shippingStatus: 'unfulfilled', paymentStatus: 'paid' });
    expect(await findOrder(db, pending!.id)).toMatchObject({ shippingStatus: 'unfulfilled' });
    expect((await mailOf(pending!.id)).confirmed).toBe(mailBefore.confirmed + 1);
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 1);
    expect((await db.select({ n: count() }).from(sandboxCharges))[0]!.n).toBe(chargesBefore + 1);

    // The retry with the same key gets the recovered order, without a second charge.
    const retry = await confirm(api, order, 'lost-answer-key-0001');
    expect(retry.status).toBe(201);
    expect((await retry.json()).orderId).toBe(pending!.id);
    expect((await db.select({ n: count() }).from(sandboxCharges))[0]!.n).toBe(chargesBefore + 1);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'settles an order once when several recovery rounds race for it (PostgreSQL)',
    async () => {
      const { db } = api.test.database;
      mode = 'lost';
      const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
      expect((await confirm(api, order, 'raced-recovery-0001')).status).toBe(503);
      mode = 'normal';
      const [pending] = await db
        .select()
        .from(orders)
        .where(eq(orders.requestKey, 'raced-recovery-0001'));
      const mailBefore = await mailOf(pending!.id);
      const rounds = await Promise.all(Array.from({ length: 6 }, () => recover()));
      expect(rounds.reduce((sum, round) => sum + round.paid, 0)).toBe(1);
      expect((await mailOf(pending!.id)).confirmed).toBe(mailBefore.confirmed + 1);
    },
  );

  it('takes over a key whose holder died before writing its order, taking stock and charging once', async () => {
    const { db } = api.test.database;
    const stock = await productStock(db, 'campfire-enamel-mug');
    const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
    // As if a process had claimed the key and died at once, minutes ago.
    await db.insert(idempotencyKeys).values({
      key: 'crashed-key-00000001',
      scope: 'orders.confirm',
      // Fingerprinted as the server does: the request as its schema reads it.
      requestHash: (await import('../../api/modules/orders/idempotency')).requestHash({
        order: orderConfirmationSchema.parse(order),
        userId: null,
      }),
      status: 'in_progress',
      updatedAt: new Date(Date.now() - 10 * 60_000),
    });
    const chargesBefore = (await db.select({ n: count() }).from(sandboxCharges))[0]!.n;
    const retry = await confirm(api, order, 'crashed-key-00000001');
    expect(retry.status).toBe(201);
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 1);
    expect((await db.select({ n: count() }).from(sandboxCharges))[0]!.n).toBe(chargesBefore + 1);
    const placed = await db
      .select()
      .from(orders)
      .where(and(eq(orders.requestKey, 'crashed-key-00000001')));
    expect(placed).toHaveLength(1);
  });
});
