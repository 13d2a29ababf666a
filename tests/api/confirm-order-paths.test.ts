import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  giftCardLedger,
  giftCards,
  idempotencyKeys,
  orders,
  transitDays,
} from '../../api/db/schema';
import { forgetArrivalSettings } from '../../api/modules/shipping-calendar';
import { arrivalWindow } from '../../core/arrival';
import { hashTypedCode } from '../../api/modules/gift-cards';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { AppError } from '../../api/lib/errors';
import { settleUnpaid } from '../../api/modules/orders/settle';
import { closeOrder } from '../../api/modules/orders/close';
import { shopDetails } from '../../api/modules/mail/templates';
import { GIFT_CARD_TEXTS } from '../../core/gift-cards/model';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  enamelLine,
  GUEST,
  guestOrder,
  productStock,
  sandboxToken,
  SEATTLE,
} from '../helpers/orders';
import { errorsLoggedBy, gatedSandbox, newGate, resetGate } from './confirm-order-gate';
import { bought, buy, cardLine, freshEmail, plentyOfMugs } from './order-close-helpers';

/*
 * The confirmation's paths that its main tests pass by (api/modules/orders/confirm-order*.ts,
 * issue 35 point 9), each read from what it leaves: the flow's steps, the idempotency key's row,
 * the order's row, the gateway's records, the gift card's ledger and the error log.
 */
const gate = newGate();

describe('confirming an order: its steps, its key and its retries (issue 35)', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => gatedSandbox(api, gate) });
  const db = () => api.test.database.db;
  beforeEach(async () => {
    resetGate(gate);
    await plentyOfMugs(api);
  });

  let ips = 0;
  const post = (body: unknown, key: string) =>
    api.post('/orders/orderconfirmation', body, {
      headers: { [CLIENT_IP_HEADER]: `10.39.0.${(ips += 1)}`, 'idempotency-key': key },
    });
  async function mugOrder(email = freshEmail('paths')) {
    const { token } = await sandboxToken(api);
    return guestOrder(api, [enamelLine(1)], token, SEATTLE, { ...GUEST, email });
  }
  const keyRow = async (key: string) =>
    (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
  const ordersOf = (key: string) =>
    db().select().from(orders).where(eq(orders.requestKey, key)).orderBy(orders.createdAt);

  it('an order passes each step in turn, logs no error, keeps its answer under its key and shows its stock taken', async () => {
    const mug = seedProductId('campfire-enamel-mug');
    const detail = async () =>
      ((await (await api.get(`/product/detail/${mug}`)).json()) as { quantity: number }).quantity;
    // The model is loaded (with the stock it read then); the shelf holds what plentyOfMugs put.
    await detail();
    const shelf = (await productStock(db(), 'campfire-enamel-mug'))!;
    const body = await mugOrder();
    const key = randomUUID();
    const { result, logged } = await errorsLoggedBy(() => post(body, key));
    const placed = await bought(result);
    expect(logged).toEqual([]);
    expect(gate.steps).toEqual(['claimed', 'order-written', 'charged', 'paid']);
    expect(await keyRow(key)).toMatchObject({
      scope: 'orders.confirm',
      status: 'completed',
      responseStatus: 201,
      orderId: placed.orderId,
    });
    // The catalogue the product page reads follows the stock the order took.
    expect(await detail()).toBe(shelf - 1);
  });

  it('a gift card short of the total and no card: 400 asking for a card, nothing charged, its balance and the stock back', async () => {
    const owner = freshEmail('short');
    const { codes } = await bought(await buy(api, [cardLine(10, owner)], owner));
    const [card] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashTypedCode(codes[0]!.code)!));
    const cardId = card!.id;
    const balance = async () =>
      Number(
        (
          await db()
            .select({ cents: sql<number>`sum(${giftCardLedger.amountCents})::int` })
            .from(giftCardLedger)
            .where(eq(giftCardLedger.giftCardId, cardId))
        )[0]!.cents,
      );
    expect(await balance()).toBe(1000);
    resetGate(gate);
    const stock = await productStock(db(), 'campfire-enamel-mug');
    const email = freshEmail('no-card');
    const order = await guestOrder(api, [enamelLine(2)], '', SEATTLE, { ...GUEST, email });
    const answer = await post(
      {
        ...order,
        billingInfo: { paymentMethodId: '', stored: false },
        giftCardCode: codes[0]!.code,
      },
      randomUUID(),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: ORDER_MESSAGES.cardRequired });
    expect(gate.charges).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    expect(row).toMatchObject({ shippingStatus: 'payment_failed', giftCardCents: 1000 });
    expect(await balance()).toBe(1000);
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);
  });

  it('figures refused before the order is written let the key go: the same key then places the order', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    const refused = await post({ ...body, total: body.total + 1 }, key);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await keyRow(key)).toBeUndefined();
    const placed = await bought(await post(body, key));
    expect((await ordersOf(key)).map((order) => order.id)).toEqual([placed.orderId]);
  });

  it('a retry after the earlier order was closed before any charge places a new order', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    gate.beforeCharge = async (orderId) => {
      gate.beforeCharge = undefined;
      await settleUnpaid(db(), orderId, 'abandoned');
      throw new AppError('UNAVAILABLE', 'the gateway was never reached');
    };
    expect((await errorsLoggedBy(() => post(body, key))).result.status).toBe(503);
    const [first] = await ordersOf(key);
    expect(first!.shippingStatus).toBe('abandoned');
    gate.lookups = [];
    const again = await bought(await post(body, key));
    expect(again.orderId).not.toBe(first!.id);
    expect(gate.lookups).toEqual([first!.chargeKey]);
    expect((await ordersOf(key)).map((order) => order.shippingStatus)).toEqual([
      'abandoned',
      'unfulfilled',
    ]);
  });

  it('a charge that came after its order was closed is refunded under its own key (a failure logged); the retry is 409 and lets the key go', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    gate.beforeCharge = async (orderId) => {
      gate.beforeCharge = undefined;
      await settleUnpaid(db(), orderId, 'abandoned');
    };
    gate.refundFails = true;
    const { result, logged } = await errorsLoggedBy(() => post(body, key));
    expect(result.status).toBe(503);
    const [closed] = await ordersOf(key);
    expect(gate.refunds).toEqual([
      {
        reference: expect.any(String),
        key: `${closed!.chargeKey}-late-refund`,
        amountCents: undefined,
      },
    ]);
    expect(logged).toEqual([
      expect.objectContaining({
        message: 'late charge could not be refunded',
        orderId: closed!.id,
        error: expect.stringContaining('refunds are down'),
      }),
    ]);
    const retry = await post(body, key);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: ORDER_MESSAGES.earlierChargeGivenBack });
    expect(await keyRow(key)).toBeUndefined();
  });

  it('a charge whose answer is lost is logged with its order; a retry while it is pending is 409 and lets the key go', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    gate.loseAnswer = true;
    const { result, logged } = await errorsLoggedBy(() => post(body, key));
    gate.loseAnswer = false;
    expect(result.status).toBe(503);
    const [pending] = await ordersOf(key);
    expect(pending!.shippingStatus).toBe('pending_payment');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'order charge outcome unknown; left for the recovery job',
        orderId: pending!.id,
        error: expect.stringContaining('the answer was lost'),
      }),
    ]);
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await post(body, key);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: ORDER_MESSAGES.stillConfirming });
    expect(await keyRow(key)).toBeUndefined();
  });

  it('a retry whose key was lost after its order was paid gets that order, and the key keeps the answer', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    const first = await bought(await post(body, key));
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    resetGate(gate);
    const again = await bought(await post(body, key));
    expect(again.orderId).toBe(first.orderId);
    expect(gate.charges).toEqual([]);
    expect(await keyRow(key)).toMatchObject({
      status: 'completed',
      responseStatus: 201,
      orderId: first.orderId,
    });
    expect(await ordersOf(key)).toHaveLength(1);
  });

  it('a retry whose key was lost after its order was paid and then canceled gets that order as it is now, charged once', async () => {
    const body = await mugOrder();
    const key = randomUUID();
    const first = await bought(await post(body, key));
    const closed = await closeOrder(
      { db: db(), gateway: gatedSandbox(api, gate).payments.gateway, shop: shopDetails() },
      first.orderId,
      { by: 'customer', actorEmail: '' },
    );
    expect(closed?.outcome).toBe('closed');
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    resetGate(gate);
    // A canceled order was paid: the retry is answered with it (canceled), never a second order.
    const retry = await post(body, key);
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as { orderId: string; order: { shippingStatus: string } };
    expect(answer.orderId).toBe(first.orderId);
    expect(answer.order.shippingStatus).toBe('canceled');
    expect(gate.charges).toEqual([]);
    expect(gate.lookups).toEqual([]);
    expect(await ordersOf(key)).toHaveLength(1);
  });

  it('the arrival promised with the order is the shipping state’s, not the widest of all states', async () => {
    // Washington ships faster than the other states: its window is not the widest one.
    const fast = { min: 1, max: 2 };
    await db().insert(transitDays).values({ state: 'WA', minDays: fast.min, maxDays: fast.max });
    forgetArrivalSettings(db());
    try {
      const placed = await bought(await post(await mugOrder(), randomUUID()));
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
      const promised = arrivalWindow({ now: row!.createdAt, closures: [], transit: fast });
      expect({ earliest: row!.promisedEarliest, latest: row!.promisedLatest }).toEqual({
        earliest: promised.earliest,
        latest: promised.latest,
      });
    } finally {
      await db().delete(transitDays);
      forgetArrivalSettings(db());
    }
  });

  it('a declined card: 402, the order payment_failed with its stock back, nothing logged', async () => {
    const stock = await productStock(db(), 'campfire-enamel-mug');
    const { token } = await sandboxToken(api, '4000 0000 0000 0002');
    const email = freshEmail('declined');
    const body = await guestOrder(api, [enamelLine(1)], token, SEATTLE, { ...GUEST, email });
    const { result, logged } = await errorsLoggedBy(() => post(body, randomUUID()));
    expect(result.status).toBe(402);
    expect(logged).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    expect(row).toMatchObject({ shippingStatus: 'payment_failed', paymentStatus: 'failed' });
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);
  });

  it('a gift card code that cannot be one: 400, nothing charged, no order kept', async () => {
    const email = freshEmail('bad-code');
    const body = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token, SEATTLE, {
      ...GUEST,
      email,
    });
    const answer = await post({ ...body, giftCardCode: 'NOT-A-CARD' }, randomUUID());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: GIFT_CARD_TEXTS.codeRefused });
    expect(gate.charges).toEqual([]);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toEqual([]);
  });
});
