import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { AppError } from '../../api/lib/errors';
import { recoverPendingOrders } from '../../api/modules/orders/recovery';
import { settleUnpaid } from '../../api/modules/orders/settle';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder } from '../helpers/orders';

const SHOP = { siteName: 'Evergreen', siteUrl: 'http://localhost', shopEmail: 'shop@example.com' };

/** The sandbox whose answer to a charge can be lost, and which can run something before charging. */
let lose = false;
let beforeCharge: ((orderId: string) => Promise<void>) | undefined;
function lossySandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'retry-key-secret-00000000000000000');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (beforeCharge) await beforeCharge(request.metadata!.orderId!);
      const result = await sandbox.gateway.charge(request);
      if (lose) throw new AppError('UNAVAILABLE', 'answer lost');
      return result;
    },
    refund: (reference, key, amount) => sandbox.gateway.refund(reference, key, amount),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

/**
 * Issue 36 point 12: a shopper's retry with the same Idempotency-Key after a 503 gets its first
 * order's answer (201, the same order), or a 409 with Retry-After while that is not known; never
 * a 402 for its own earlier charge.
 */
describe('a retry with the same key after a 503', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => lossySandbox(api) });
  const db = () => api.test.database.db;
  const recover = () =>
    recoverPendingOrders({ db: db(), gateway: lossySandbox(api).payments.gateway, shop: SHOP }, 0);

  let ips = 0;
  async function anOrder() {
    await db()
      .update(products)
      .set({ quantity: 1000 })
      .where(eq(products.id, seedProductId('campfire-enamel-mug')));
    const from = { [CLIENT_IP_HEADER]: `10.37.0.${++ips}` };
    const card = await api.post(
      '/payments/sandbox/tokens',
      { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
      { headers: from },
    );
    const { token } = (await card.json()) as { token: string };
    const order = await guestOrder(api, [enamelLine(1)], token, undefined, {
      ...GUEST,
      email: `retry.${ips}@example.com`,
    });
    const key = `retry-key-${crypto.randomUUID()}`;
    const send = () =>
      api.post('/orders/orderconfirmation', order, {
        headers: { ...from, 'idempotency-key': key },
      });
    return { send, key };
  }
  const placed = (key: string) => db().select().from(orders).where(eq(orders.requestKey, key));

  it('gets 201 with the first order once the recovery job has completed it', async () => {
    const { send, key } = await anOrder();
    lose = true;
    const first = await send();
    lose = false;
    expect(first.status).toBe(503);
    const [pending] = await placed(key);
    expect(pending!.shippingStatus).toBe('pending_payment');
    // The retry waits on the key while the recovery job completes the order.
    const retry = send();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await recover()).paid).toBe(1);
    const answer = await retry;
    expect(answer.status, await answer.clone().text()).toBe(201);
    expect(((await answer.json()) as { orderId: string }).orderId).toBe(pending!.id);
    expect(await placed(key)).toHaveLength(1);
    // And again later: the same answer.
    const again = await send();
    expect(again.status).toBe(201);
    expect(((await again.json()) as { orderId: string }).orderId).toBe(pending!.id);
  });

  it('never gets a 402 for its own charge that came after the recovery job closed its order', async () => {
    const { send, key } = await anOrder();
    // The recovery job closes the order as abandoned (not charged yet), and lets its key go;
    // then the stalled request's charge goes through and is given back: 503.
    beforeCharge = async (orderId) => {
      beforeCharge = undefined;
      await settleUnpaid(db(), orderId, 'abandoned');
    };
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(503);
    const [closed] = await placed(key);
    expect(closed!.shippingStatus).toBe('abandoned');
    const retry = await send();
    const body = (await retry.json()) as { error: string };
    expect(body.error).not.toBe(PAYMENT_MESSAGES.tokenUsed);
    expect(retry.status).toBe(409);
    expect(body.error).toBe(ORDER_MESSAGES.earlierChargeGivenBack);
    expect(await placed(key)).toHaveLength(1);
  });

  it('a retry whose earlier order is still pending is answered 409 with Retry-After', async () => {
    const { send, key } = await anOrder();
    lose = true;
    expect((await send()).status).toBe(503);
    lose = false;
    // As if its key were let go while the order is still pending (the claim sees the order).
    const { idempotencyKeys } = await import('../../api/db/schema');
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await send();
    expect(retry.status).toBe(409);
    expect(retry.headers.get('retry-after')).toBe('2');
    expect(((await retry.json()) as { error: string }).error).toBe(ORDER_MESSAGES.stillConfirming);
    expect(await placed(key)).toHaveLength(1);
  });
});
