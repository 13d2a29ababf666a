import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentCustomers, savedCards } from '../../api/db/schema';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { CARD_MESSAGES } from '../../core/user/cards-model';
import { useApi } from '../helpers/api';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { authClient, bearer, expectNoLeaks, logIn, registerVerified } from './auth-helpers';
import { accountOrder, confirmAs, deletePayment } from './user-cards-helpers';

/** Stored cards with Stripe, through the official SDK against the local stand-in. */
describe('stored cards with Stripe (SDK against the stand-in)', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  const api = useApi({
    seed: true,
    dependencies: () => ({ payments: { gateway: stripeGateway(standIn.client()) } }),
  });
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  async function signedIn() {
    const account = await registerVerified(client, api);
    return (await logIn(client, account)).token;
  }
  const list = async (token: string) =>
    (await (await client.get('/user/savedPaymentMethods', bearer(token))).json()) as {
      _id: string;
      brand: string;
      last4Number: string;
    }[];

  it('saves with a SetupIntent on the user’s one Customer, lists, charges off-session, detaches', async () => {
    const token = await signedIn();
    const first = await confirmAs(
      api,
      token,
      await accountOrder(api, { paymentMethodId: 'pm_card_visa', saveCard: true }),
    );
    expect(first.status).toBe(201);
    const setups = standIn.requests.filter((r) => r.path === '/v1/setup_intents');
    expect(setups).toHaveLength(1);
    expect(setups[0]!.form.get('usage')).toBe('off_session');
    expect(standIn.customers.size).toBe(1);
    const [customerId] = [...standIn.customers.keys()];
    expect(setups[0]!.form.get('customer')).toBe(customerId);

    const cards = await list(token);
    expect(cards).toEqual([
      {
        _id: expect.any(String),
        brand: 'visa',
        last4Number: '4242',
        expirationMonth: '12',
        expirationYear: '2034',
      },
    ]);
    expect(
      standIn.requests.some((r) => r.path === `/v1/customers/${customerId}/payment_methods`),
    ).toBe(true);

    // A second order with the stored card: the Customer and off_session go with the charge.
    const second = await confirmAs(
      api,
      token,
      await accountOrder(api, { paymentMethodId: cards[0]!._id, stored: true }),
    );
    expect(second.status).toBe(201);
    const charge = standIn.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(charge.form.get('customer')).toBe(customerId);
    expect(charge.form.get('off_session')).toBe('true');
    const [saved] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, cards[0]!._id));
    expect(charge.form.get('payment_method')).toBe(saved!.methodRef);

    // A second saved card uses the same Customer.
    await confirmAs(
      api,
      token,
      await accountOrder(api, { paymentMethodId: 'pm_card_mastercard', saveCard: true }),
    );
    expect(standIn.customers.size).toBe(1);
    expect(await list(token)).toHaveLength(2);

    // Delete: a failing detach keeps our row; then the detach goes through and the row goes.
    standIn.failDetach = true;
    const failed = await deletePayment(api, cards[0]!._id, token);
    expect(failed.status).toBe(503);
    expect(await list(token)).toHaveLength(2);
    const deleted = await deletePayment(api, cards[0]!._id, token);
    expect(deleted.status).toBe(200);
    expect(standIn.savedMethods.get(saved!.methodRef)!.detached).toBe(true);
    expect((await list(token)).map((card) => card.last4Number)).toEqual(['4444']);

    // The detached card cannot be charged, even sent as the provider's id with its Customer.
    const intents = standIn.intents.size;
    const gateway = stripeGateway(standIn.client());
    await expect(
      gateway.charge({
        amountCents: 1900,
        currency: 'usd',
        paymentMethodId: saved!.methodRef,
        customer: customerId,
        offSession: true,
        idempotencyKey: randomUUID(),
        description: 'after detach',
        metadata: {},
      }),
    ).rejects.toMatchObject({ type: 'INVALID_DATA' });
    expect(standIn.intents.size).toBe(intents);
  });

  it('refuses another customer’s stored card: 404, no charge at Stripe', async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    await confirmAs(
      api,
      ann,
      await accountOrder(api, { paymentMethodId: 'pm_card_visa', saveCard: true }),
    );
    const [annCard] = await list(ann);
    const intents = standIn.intents.size;
    const paidOrders = () =>
      api.test.database.db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.paymentStatus, 'paid'));
    const paid = await paidOrders();

    const refused = await confirmAs(
      api,
      bob,
      await accountOrder(api, { paymentMethodId: annCard!._id, stored: true }),
    );
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toBe(CARD_MESSAGES.notFound);
    // Sending Ann's Stripe PaymentMethod itself: Stripe refuses it without her Customer.
    const [row] = await api.test.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, annCard!._id));
    const direct = await confirmAs(
      api,
      bob,
      await accountOrder(api, { paymentMethodId: row!.methodRef }),
    );
    expect(direct.status).toBe(400);
    expect(standIn.intents.size).toBe(intents);
    expect((await deletePayment(api, annCard!._id, bob)).status).toBe(404);
    expect(await list(ann)).toHaveLength(1);
    const customers = await api.test.database.db.select().from(paymentCustomers);
    expect(new Set(customers.map((c) => c.customerRef)).size).toBe(customers.length);
    expect(await paidOrders()).toEqual(paid);
  });
});
