import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, outbox, payments } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { shopDetails } from '../../api/modules/mail/templates';
import { settlePaid, settleUnpaid } from '../../api/modules/orders/settle';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { ORDER_STATE } from '../../core/orders/lifecycle';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  enamelLine,
  GUEST,
  guestOrder,
  productStock,
  sandboxToken,
  SEATTLE,
} from '../helpers/orders';
import { fresh, freshEmail, plentyOfMugs } from './order-close-helpers';

/*
 * Settling a pending order (api/modules/orders/settle.ts), as the recovery job does when the
 * gateway took the money but the request never heard it: paid once with its payment row, its two
 * emails and the answer kept under the request's key; a second settle changes nothing. An order
 * whose charge took nothing ends abandoned or payment_failed, its stock back.
 */
const gate = { loseAnswer: false, unreachable: false };

function lossySandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'order-settle-test-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (gate.unreachable) throw new AppError('UNAVAILABLE', 'gateway unreachable');
      const result = await sandbox.gateway.charge(request);
      // The money was taken, but the answer never reached the shop.
      if (gate.loseAnswer) throw new AppError('UNAVAILABLE', 'connection reset');
      return result;
    },
    refund: (reference, key, amountCents) => sandbox.gateway.refund(reference, key, amountCents),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('settling a pending order', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => lossySandbox(api) });
  const db = () => api.test.database.db;
  const gateway = () => lossySandbox(api).payments.gateway;
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const mails = (to: string, kind: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));

  /** Two mugs whose charge did (lost answer) or did not (unreachable) take the money. */
  async function pendingMugs(how: 'loseAnswer' | 'unreachable') {
    await plentyOfMugs(api);
    const email = freshEmail('pending');
    const { token } = await sandboxToken(api);
    const body = await guestOrder(api, [enamelLine(2)], token, SEATTLE, { ...GUEST, email });
    const request = fresh();
    gate[how] = true;
    await api.post('/orders/orderconfirmation', body, request).finally(() => {
      gate[how] = false;
    });
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    expect(row!.shippingStatus).toBe('pending_payment');
    return { order: row!, email, key: request.headers['idempotency-key'] };
  }

  it('a charge whose answer was lost is settled once: paid, its payment row, both emails, the answer kept under its key', async () => {
    const { order, email, key } = await pendingMugs('loseAnswer');
    const found = await gateway().lookup(order.chargeKey!);
    expect(found.kind).toBe('charged');
    if (found.kind !== 'charged') return;
    let woken = 0;
    const deps = {
      db: db(),
      gateway: gateway(),
      shop: shopDetails(),
      onMailQueued: () => {
        woken += 1;
      },
    };
    const confirmed = await settlePaid(deps, order.id, found.charge);
    expect(confirmed?.orderId).toBe(order.id);
    // No card was bought: the answer names none.
    expect(confirmed!.order).not.toHaveProperty('giftCardCodes');
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
    });
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({
        method: 'sandbox',
        status: 'paid',
        amountCents: order.totalCents,
        reference: found.charge.reference,
      }),
    ]);
    expect(await mails(email, 'order.confirmed')).toHaveLength(1);
    const received = await mails(shopDetails().shopEmail, 'order.received');
    expect(received.filter((mail) => mail.replyTo === email)).toHaveLength(1);
    const [kept] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key!));
    expect(kept).toMatchObject({ status: 'completed', responseStatus: 201, orderId: order.id });
    expect(woken).toBe(1);

    // Settled again (the request and the job at once): nothing is written twice.
    expect(await settlePaid(deps, order.id, found.charge)).toBeUndefined();
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      1,
    );
    expect(await mails(email, 'order.confirmed')).toHaveLength(1);
    expect(woken).toBe(1);
  });

  it('a charge that took nothing ends abandoned (recovery) or payment_failed (declined), its stock back, once', async () => {
    const abandoned = await pendingMugs('unreachable');
    const failed = await pendingMugs('unreachable');
    const out = await productStock(db(), 'campfire-enamel-mug');

    expect(await settleUnpaid(db(), abandoned.order.id, ORDER_STATE.abandoned)).toBe(true);
    expect(await settleUnpaid(db(), failed.order.id, ORDER_STATE.paymentFailed)).toBe(true);
    expect((await rowOf(abandoned.order.id)).shippingStatus).toBe('abandoned');
    expect((await rowOf(failed.order.id)).shippingStatus).toBe('payment_failed');
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(out! + 4);

    expect(await settleUnpaid(db(), failed.order.id, ORDER_STATE.paymentFailed)).toBe(false);
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(out! + 4);
    // Never settled as paid afterwards.
    const deps = { db: db(), gateway: gateway(), shop: shopDetails() };
    expect(await settlePaid(deps, abandoned.order.id, undefined)).toBeUndefined();
    expect((await rowOf(abandoned.order.id)).shippingStatus).toBe('abandoned');
  });
});
