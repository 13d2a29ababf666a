import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, orders } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { closeOrder } from '../../api/modules/orders/close';
import { recoverPendingOrders } from '../../api/modules/orders/recovery';
import { settleUnpaid } from '../../api/modules/orders/settle';
import { shopDetails } from '../../api/modules/mail/templates';
import { GIFT_CARD_TEXTS } from '../../core/gift-cards/model';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, sandboxToken, SEATTLE } from '../helpers/orders';
import { errorsLoggedBy, gatedSandbox, newGate, resetGate } from './confirm-order-gate';
import { bought, buy, cardLine, freshEmail, plentyOfMugs } from './order-close-helpers';

/*
 * What a confirmation answers when something else moved its order or its key meanwhile
 * (api/modules/orders/confirm-order*.ts, issue 35 point 9): the recovery job settling the order
 * between its charge and the request's own settling, a finished key asked again after the order
 * changed, the same key with another order, a retry that pays with a gift card alone.
 */

/** Run once, just before the request's own `settlePaid` (as the recovery job would get there first). */
const hooks = vi.hoisted(() => ({
  beforeSettle: undefined as ((orderId: string) => Promise<void>) | undefined,
}));
vi.mock('../../api/modules/orders/settle', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/modules/orders/settle')>();
  return {
    ...real,
    settlePaid: async (...args: Parameters<typeof real.settlePaid>) => {
      const before = hooks.beforeSettle;
      hooks.beforeSettle = undefined;
      if (before) await before(args[1]);
      return real.settlePaid(...args);
    },
  };
});

const gate = newGate();

describe('confirming an order that something else moved meanwhile (issue 35)', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => gatedSandbox(api, gate) });
  const db = () => api.test.database.db;
  const deps = () => ({
    db: db(),
    gateway: gatedSandbox(api, gate).payments.gateway,
    shop: shopDetails(),
  });
  beforeEach(async () => {
    resetGate(gate);
    hooks.beforeSettle = undefined;
    await plentyOfMugs(api);
  });

  let ips = 0;
  const post = (body: unknown, key: string) =>
    api.post('/orders/orderconfirmation', body, {
      headers: { [CLIENT_IP_HEADER]: `10.41.0.${(ips += 1)}`, 'idempotency-key': key },
    });
  async function mugOrder(email = freshEmail('meanwhile'), quantity = 1) {
    const { token } = await sandboxToken(api);
    return guestOrder(api, [enamelLine(quantity)], token, SEATTLE, { ...GUEST, email });
  }
  const ordersOf = (key: string) =>
    db().select().from(orders).where(eq(orders.requestKey, key)).orderBy(orders.createdAt);
  async function giftCardCode(dollars: number) {
    const owner = freshEmail('card-owner');
    const { codes } = await bought(await buy(api, [cardLine(dollars, owner)], owner));
    resetGate(gate);
    return codes[0]!.code;
  }

  it('the recovery job paid the order between its charge and the request’s settling: 201 with that order, charged once, nothing refunded', async () => {
    const key = randomUUID();
    hooks.beforeSettle = async () => {
      const round = await recoverPendingOrders(deps(), 0, new Date(Date.now() + 1000));
      expect(round.paid).toBe(1);
    };
    const answer = await post(await mugOrder(), key);
    expect(answer.status).toBe(201);
    const [row] = await ordersOf(key);
    const body = (await answer.json()) as { orderId: string; order: { paymentStatus: string } };
    expect(body).toMatchObject({ message: ORDER_MESSAGES.confirmed, orderId: row!.id });
    expect(body.order.paymentStatus).toBe('paid');
    expect(row).toMatchObject({ shippingStatus: 'unfulfilled', paymentStatus: 'paid' });
    expect(gate.charges).toHaveLength(1);
    expect(gate.refunds).toEqual([]);
  });

  it('an order a gift card paid alone, closed before the request settled it: 503, no card refund asked, the balance back', async () => {
    const code = await giftCardCode(100);
    const order = await guestOrder(api, [enamelLine(1)], '', SEATTLE, {
      ...GUEST,
      email: freshEmail('gift-only'),
    });
    hooks.beforeSettle = async (orderId) => {
      await settleUnpaid(db(), orderId, 'abandoned');
    };
    const key = randomUUID();
    const { result } = await errorsLoggedBy(() =>
      post(
        { ...order, billingInfo: { paymentMethodId: '', stored: false }, giftCardCode: code },
        key,
      ),
    );
    expect(result.status).toBe(503);
    expect(await result.json()).toMatchObject({ error: PAYMENT_MESSAGES.processing });
    expect(gate.charges).toEqual([]);
    expect(gate.refunds).toEqual([]);
    expect((await ordersOf(key)).map((row) => row.shippingStatus)).toEqual(['abandoned']);
    // The card pays a whole new order again: its balance came back.
    const again = await post(
      { ...order, billingInfo: { paymentMethodId: '', stored: false }, giftCardCode: code },
      randomUUID(),
    );
    expect(again.status).toBe(201);
  });

  it('a finished key asked again after its order was canceled answers as the first time, with no second charge', async () => {
    const key = randomUUID();
    const body = await mugOrder();
    const first = await post(body, key);
    expect(first.status).toBe(201);
    const firstAnswer = (await first.json()) as {
      orderId: string;
      order: { shippingStatus: string; paymentStatus: string; statusUrl: string };
    };
    expect(firstAnswer.order).toMatchObject({
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
    });
    const closed = await closeOrder(deps(), firstAnswer.orderId, {
      by: 'customer',
      actorEmail: '',
    });
    expect(closed?.outcome).toBe('closed');
    resetGate(gate);
    const replay = await post(body, key);
    expect(replay.status).toBe(201);
    // The key keeps the answer it gave: the same order as it was then, not as it is now.
    expect(await replay.json()).toMatchObject({
      message: ORDER_MESSAGES.confirmed,
      orderId: firstAnswer.orderId,
      order: {
        shippingStatus: 'unfulfilled',
        paymentStatus: 'paid',
        statusUrl: firstAnswer.order.statusUrl,
      },
    });
    expect(gate.charges).toEqual([]);
    expect(gate.lookups).toEqual([]);
  });

  it.each(['canceling', 'refund_failed'] as const)(
    'a retry whose key was lost while its paid order is %s (a cancel not finished): 409, no second charge, no second order',
    async (state) => {
      const key = randomUUID();
      const body = await mugOrder();
      const first = await bought(await post(body, key));
      // A cancel cut off half-way (the recovery job finishes it): paid, not shown to the shopper.
      await db().update(orders).set({ shippingStatus: state }).where(eq(orders.id, first.orderId));
      await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      resetGate(gate);
      const retry = await post(body, key);
      expect(retry.status).toBe(409);
      expect(gate.charges).toEqual([]);
      expect((await ordersOf(key)).map((row) => row.id)).toEqual([first.orderId]);
    },
  );

  it('the same key with another order is refused 409 and places nothing more', async () => {
    const key = randomUUID();
    const email = freshEmail('reused');
    await bought(await post(await mugOrder(email), key));
    resetGate(gate);
    const other = await post(await mugOrder(email, 2), key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: ORDER_MESSAGES.keyReused });
    expect(gate.charges).toEqual([]);
    expect(await ordersOf(key)).toHaveLength(1);
  });

  it('a gift card code with a cart of a gift card and a mug: 400, a gift card cannot pay for gift cards, nothing written', async () => {
    const code = await giftCardCode(50);
    const email = freshEmail('mixed');
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [enamelLine(1), cardLine(25, email)], token, SEATTLE, {
      ...GUEST,
      email,
    });
    const answer = await post({ ...order, giftCardCode: code }, randomUUID());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: GIFT_CARD_TEXTS.notForGiftCards });
    expect(gate.charges).toEqual([]);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toEqual([]);
  });

  it('a retry that pays with a gift card alone, after the earlier card charge came too late, places the order: no card to charge twice', async () => {
    const code = await giftCardCode(100);
    const body = await mugOrder();
    const key = randomUUID();
    gate.beforeCharge = async (orderId) => {
      gate.beforeCharge = undefined;
      await settleUnpaid(db(), orderId, 'abandoned');
    };
    expect((await errorsLoggedBy(() => post(body, key))).result.status).toBe(503);
    resetGate(gate);
    const retry = await post(
      { ...body, billingInfo: { paymentMethodId: '', stored: false }, giftCardCode: code },
      key,
    );
    expect(retry.status).toBe(201);
    expect(gate.lookups).toEqual([]);
    expect(gate.charges).toEqual([]);
    expect((await ordersOf(key)).map((row) => row.shippingStatus)).toEqual([
      'abandoned',
      'unfulfilled',
    ]);
  });
});
