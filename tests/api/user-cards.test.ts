import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  orders,
  paymentCustomers,
  sandboxCharges,
  sandboxPaymentMethods,
  savedCards,
} from '../../api/db/schema';
import { config } from '../../api/config';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { CARD_MESSAGES } from '../../core/user/cards-model';
import { useApi, type ApiHarness } from '../helpers/api';
import { accountOrder, confirmAs, deletePayment } from './user-cards-helpers';
import { enamelLine, guestOrder, sandboxToken } from '../helpers/orders';
import {
  authClient,
  bearer,
  expectNoLeaks,
  logIn,
  registerVerified,
  type AuthClient,
} from './auth-helpers';

async function signedIn(client: AuthClient, api: ApiHarness) {
  const account = await registerVerified(client, api);
  return (await logIn(client, account)).token;
}

describe('stored cards with the sandbox gateway (GET /user/savedPaymentMethods, DELETE /user/payment)', () => {
  const api = useApi({ seed: true });
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  const list = async (token: string) => {
    const response = await client.get('/user/savedPaymentMethods', bearer(token));
    expect(response.status).toBe(200);
    return (await response.json()) as { _id: string; last4Number: string }[];
  };

  /** Pays an order with a new 4242 card, ticking "Save this card"; answers the stored card. */
  async function saveACard(token: string, number = '4242 4242 4242 4242') {
    const card = await sandboxToken(api, number);
    const order = await accountOrder(api, { paymentMethodId: card.token, saveCard: true });
    const placed = await confirmAs(api, token, order);
    expect(placed.status).toBe(201);
    const cards = await list(token);
    return cards[cards.length - 1]!;
  }

  it('stores a card only when "Save this card" is ticked, as the reusable token with brand, last four and expiry', async () => {
    const token = await signedIn(client, api);
    expect(await list(token)).toEqual([]);

    // Not ticked: paid, not stored.
    const plain = await accountOrder(api, { paymentMethodId: (await sandboxToken(api)).token });
    expect((await confirmAs(api, token, plain)).status).toBe(201);
    expect(await list(token)).toEqual([]);

    const stored = await saveACard(token);
    expect(stored).toEqual({
      _id: expect.any(String),
      brand: 'visa',
      last4Number: '4242',
      expirationMonth: '12',
      expirationYear: String(new Date().getFullYear() + 2),
    });
    const [row] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, stored._id));
    expect(row!.methodRef).toMatch(/^pm_sandbox_/);
    expect(JSON.stringify(row)).not.toContain('tok_sandbox_');
    // One customer for the user, however many cards.
    await saveACard(token, '5555 5555 5555 4444');
    const [{ n }] = (await api.test.database.db
      .select({ n: count() })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, row!.userId))) as [{ n: number }];
    expect(n).toBe(1);
    expect(await list(token)).toHaveLength(2);
  });

  it('a guest’s "Save this card" stores nothing', async () => {
    const before = await api.test.database.db.select({ n: count() }).from(savedCards);
    const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
    const placed = await api.post(
      '/orders/orderconfirmation',
      { ...order, billingInfo: { ...order.billingInfo, saveCard: true } },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(placed.status).toBe(201);
    expect(await api.test.database.db.select({ n: count() }).from(savedCards)).toEqual(before);
  });

  it('charges a stored card of the shopper’s own, again and again, off-session with its customer', async () => {
    const token = await signedIn(client, api);
    const stored = await saveACard(token);
    for (let n = 0; n < 2; n += 1) {
      const order = await accountOrder(api, { paymentMethodId: stored._id, stored: true });
      const placed = await confirmAs(api, token, order);
      expect(placed.status).toBe(201);
      expect((await placed.json()).order.payment).toEqual({ brand: 'visa', last4: '4242' });
    }
    const [row] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, stored._id));
    const charged = await api.test.database.db.select().from(sandboxCharges);
    // The first order's charge plus two charges of the stored method, all paid.
    expect(charged.filter((charge) => charge.outcome === 'paid').length).toBeGreaterThanOrEqual(3);
    const [method] = await api.test.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, row!.methodRef));
    expect(method!.detached).toBe(false);
  });

  it('refuses another customer’s stored card: 404 for the order, nothing charged, nothing written', async () => {
    const ann = await signedIn(client, api);
    const bob = await signedIn(client, api);
    const annCard = await saveACard(ann);
    const charges = await api.test.database.db.select({ n: count() }).from(sandboxCharges);
    const placed = await api.test.database.db.select({ n: count() }).from(orders);

    const order = await accountOrder(api, { paymentMethodId: annCard._id, stored: true });
    const refused = await confirmAs(api, bob, order);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toBe(CARD_MESSAGES.notFound);
    // Nor as a guest, nor by sending the provider's token itself.
    const [row] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, annCard._id));
    const guest = await guestOrder(api, [enamelLine(1)], row!.methodRef);
    const asGuest = await api.post('/orders/orderconfirmation', guest, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(asGuest.status).toBe(400);
    const direct = await confirmAs(
      api,
      bob,
      await accountOrder(api, { paymentMethodId: row!.methodRef }),
    );
    expect(direct.status).toBe(400);

    expect(await api.test.database.db.select({ n: count() }).from(sandboxCharges)).toEqual(charges);
    const paid = await api.test.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.paymentStatus, 'paid'));
    expect(paid[0]!.n).toBe(placed[0]!.n);
    // Bob cannot list or delete it either.
    expect(await list(bob)).toEqual([]);
    expect((await deletePayment(api, annCard._id, bob)).status).toBe(404);
    expect((await list(ann)).map((card) => card._id)).toContain(annCard._id);
  });

  it('deletes: detached at the provider for good, then our row; a detached card cannot be charged', async () => {
    const token = await signedIn(client, api);
    const stored = await saveACard(token);
    const [row] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, stored._id));
    const [customer] = await api.test.database.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, row!.userId));

    const deleted = await deletePayment(api, stored._id, token);
    expect(deleted.status).toBe(200);
    expect(await list(token)).toEqual([]);
    const [method] = await api.test.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, row!.methodRef));
    expect(method!.detached).toBe(true);

    // Our id is gone (404), and the provider refuses the detached method even with its customer.
    const again = await confirmAs(
      api,
      token,
      await accountOrder(api, { paymentMethodId: stored._id, stored: true }),
    );
    expect(again.status).toBe(404);
    const charges = await api.test.database.db.select({ n: count() }).from(sandboxCharges);
    const gateway = sandboxPayments(api.test.database.db, config().jwtSecret).gateway;
    await expect(
      gateway.charge({
        amountCents: 1900,
        currency: 'usd',
        paymentMethodId: row!.methodRef,
        customer: customer!.customerRef,
        offSession: true,
        idempotencyKey: randomUUID(),
        description: 'after detach',
        metadata: {},
      }),
    ).rejects.toMatchObject({ type: 'INVALID_DATA' });
    expect(await api.test.database.db.select({ n: count() }).from(sandboxCharges)).toEqual(charges);
    expect((await deletePayment(api, stored._id, token)).status).toBe(404);
  });

  it('answers 401 without a session, 404 for an unknown id', async () => {
    expect((await client.get('/user/savedPaymentMethods')).status).toBe(401);
    expect((await deletePayment(api, randomUUID())).status).toBe(401);
    const token = await signedIn(client, api);
    expect((await deletePayment(api, randomUUID(), token)).status).toBe(404);
    expect((await deletePayment(api, 'nope', token)).status).toBe(404);
  });
});
