import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, savedCards, users } from '../../api/db/schema';
import { settleUnpaid } from '../../api/modules/orders/settle';
import { useApi, type ApiHarness } from '../helpers/api';
import { CARD_MESSAGES } from '../../core/user/cards-model';
import { enamelLine, GUEST, guestOrder, sandboxToken, SEATTLE } from '../helpers/orders';
import { authClient, expectNoLeaks, logIn, registerVerified } from './auth-helpers';
import { errorsLoggedBy, gatedSandbox, newGate, resetGate } from './confirm-order-gate';
import { plentyOfMugs } from './order-close-helpers';
import { accountOrder } from './user-cards-helpers';

/*
 * The card a signed-in shopper's confirmation charges (api/modules/orders/confirm-order-write.ts
 * `chooseCard`, and the last step that lists a saved card), read from what the gateway was asked
 * and the saved-cards table (issue 35 point 9).
 */
const gate = newGate();

describe('the card a signed-in confirmation charges (issue 35)', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => gatedSandbox(api, gate) });
  const client = authClient(api);
  const db = () => api.test.database.db;
  afterAll(() => expectNoLeaks(client));
  beforeEach(async () => {
    resetGate(gate);
    await plentyOfMugs(api);
  });

  async function shopper() {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const [user] = await db().select().from(users).where(eq(users.email, account.email));
    return { token, email: account.email, userId: user!.id };
  }
  const confirm = (token: string, order: unknown, key = randomUUID()) =>
    api.post('/orders/orderconfirmation', order, {
      headers: { 'idempotency-key': key, authorization: `Bearer ${token}` },
    });
  const cardsOf = (userId: string) =>
    db().select().from(savedCards).where(eq(savedCards.userId, userId));

  it('"Save this card": a customer with the account’s email, the card set up under the request’s key, the saved card charged', async () => {
    const me = await shopper();
    const { token: card } = await sandboxToken(api);
    const key = randomUUID();
    const order = await accountOrder(api, { paymentMethodId: card, saveCard: true });
    expect((await confirm(me.token, order, key)).status).toBe(201);
    expect(gate.customers).toEqual([
      { email: me.email, userId: me.userId, idempotencyKey: `customer-${me.userId}` },
    ]);
    const customer = gate.setups[0]?.customer;
    expect(gate.setups).toEqual([
      { customer: expect.any(String), paymentMethodId: card, idempotencyKey: `${key}-setup` },
    ]);
    const [saved] = await cardsOf(me.userId);
    expect(gate.charges).toHaveLength(1);
    expect(gate.charges[0]).toMatchObject({ paymentMethodId: saved!.methodRef, customer });
    expect(gate.charges[0]!.offSession).toBeUndefined();

    // The stored card, charged again: off-session, with its customer.
    resetGate(gate);
    const again = await accountOrder(api, { paymentMethodId: saved!.id, stored: true });
    expect((await confirm(me.token, again)).status).toBe(201);
    expect(gate.charges).toHaveLength(1);
    expect(gate.charges[0]).toMatchObject({
      paymentMethodId: saved!.methodRef,
      customer,
      offSession: true,
    });
  });

  it('"Save this card" with a gateway that keeps no cards: the card entered is charged, nothing is set up or listed, nothing logged', async () => {
    const me = await shopper();
    gate.walletless = true;
    const { token: card } = await sandboxToken(api);
    const order = await accountOrder(api, { paymentMethodId: card, saveCard: true });
    const { result, logged } = await errorsLoggedBy(() => confirm(me.token, order));
    expect(result.status).toBe(201);
    // No card was set up, so there is none to list (and no failure to list one).
    expect(logged).toEqual([]);
    expect(gate.setups).toEqual([]);
    expect(gate.charges).toHaveLength(1);
    expect(gate.charges[0]!.paymentMethodId).toBe(card);
    expect(gate.charges[0]!.customer).toBeUndefined();
    expect(await cardsOf(me.userId)).toEqual([]);
  });

  it('a saved card the shop cannot list: the order stands, paid, and the failure is logged with it', async () => {
    const me = await shopper();
    gate.brokenSavedCard = true;
    const { token: card } = await sandboxToken(api);
    const order = await accountOrder(api, { paymentMethodId: card, saveCard: true });
    const { result, logged } = await errorsLoggedBy(() => confirm(me.token, order));
    expect(result.status).toBe(201);
    const { orderId } = (await result.json()) as { orderId: string };
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row!.paymentStatus).toBe('paid');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'a saved card could not be listed',
        orderId,
        error: expect.any(String),
      }),
    ]);
    expect(await cardsOf(me.userId)).toEqual([]);
  });

  it('a guest’s order naming a stored card: 404, nothing charged, no order written', async () => {
    const email = `stored-guest.${randomUUID().slice(0, 8)}@example.com`;
    const order = await guestOrder(api, [enamelLine(1)], randomUUID(), SEATTLE, {
      ...GUEST,
      email,
    });
    const answer = await api.post(
      '/orders/orderconfirmation',
      { ...order, billingInfo: { ...order.billingInfo, stored: true } },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: CARD_MESSAGES.notFound });
    expect(gate.charges).toEqual([]);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toEqual([]);
  });

  it('a stored card’s retry after its order was closed and its late charge given back places a new order', async () => {
    const me = await shopper();
    const { token: card } = await sandboxToken(api);
    expect(
      (await confirm(me.token, await accountOrder(api, { paymentMethodId: card, saveCard: true })))
        .status,
    ).toBe(201);
    const [saved] = await cardsOf(me.userId);
    const order = await accountOrder(api, { paymentMethodId: saved!.id, stored: true });
    const key = randomUUID();
    gate.beforeCharge = async (orderId) => {
      gate.beforeCharge = undefined;
      await settleUnpaid(db(), orderId, 'abandoned');
    };
    expect((await errorsLoggedBy(() => confirm(me.token, order, key))).result.status).toBe(503);
    // A stored card may be charged again: the retry is a new order, not a refusal.
    const retry = await confirm(me.token, order, key);
    expect(retry.status).toBe(201);
    const placed = await db().select().from(orders).where(eq(orders.requestKey, key));
    expect(placed.map((row) => row.shippingStatus).sort()).toEqual(['abandoned', 'unfulfilled']);
  });
});
