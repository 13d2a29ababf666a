import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, stripeEvents } from '../../api/db/schema';
import { PAYMENT_MESSAGES } from '../../api/modules/payments/model';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi } from '../helpers/api';
import {
  confirm,
  enamelLine,
  footprint,
  guestOrder,
  mugLine,
  variantStock,
} from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_evergreen_webhook_secret';

describe('the Stripe gateway, through the official SDK, against a local stand-in', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  const api = useApi({
    seed: true,
    dependencies: () => ({
      payments: {
        gateway: stripeGateway(standIn.client()),
        stripeWebhook: { stripe: standIn.client(), secret: WEBHOOK_SECRET },
      },
    }),
  });

  const intentsCreated = () =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

  it('charges the total in cents with a PaymentIntent confirmed on the server', async () => {
    const order = await guestOrder(api, [mugLine(1), enamelLine(2)], 'pm_card_visa');
    const response = await confirm(api, order, 'stripe-order-key-0001');
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.order).toMatchObject({
      paymentStatus: 'paid',
      payment: { brand: 'visa', last4: '4242' },
    });

    const [created] = intentsCreated();
    expect(created!.authorization).toBe('Bearer sk_test_standin');
    expect(created!.form.get('amount')).toBe(String(Math.round(order.total * 100)));
    expect(created!.form.get('currency')).toBe('usd');
    expect(created!.form.get('payment_method')).toBe('pm_card_visa');
    expect(created!.form.get('confirm')).toBe('true');
    expect(created!.form.get('metadata[shop]')).toBe('evergreen');
    expect(created!.idempotencyKey).toMatch(/^order-[0-9a-f]{40}$/);

    const [payment] = await api.test.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, body.orderId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'paid',
      amountCents: Math.round(order.total * 100),
    });
    expect(standIn.intents.has(payment!.reference)).toBe(true);
  });

  it('makes one order and one PaymentIntent for a key sent twice', async () => {
    const order = await guestOrder(api, [enamelLine(1)], 'pm_card_mastercard');
    const before = intentsCreated().length;
    const first = await confirm(api, order, 'stripe-retry-key-0001');
    const second = await confirm(api, order, 'stripe-retry-key-0001');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await second.json()).orderId).toBe((await first.json()).orderId);
    expect(intentsCreated().length - before).toBe(1);
  });

  it('sends the same idempotency key when the gateway retries, and Stripe answers the first charge', async () => {
    const gateway = stripeGateway(standIn.client());
    const request = {
      amountCents: 1900,
      currency: 'usd' as const,
      paymentMethodId: 'pm_card_discover',
      idempotencyKey: 'order-gateway-retry-0001',
      description: 'Evergreen order',
      metadata: {},
    };
    const [a, b] = [await gateway.charge(request), await gateway.charge(request)];
    expect(b.reference).toBe(a.reference);
    expect(standIn.intents.size).toBeGreaterThan(0);
    const sent = intentsCreated().filter((r) => r.idempotencyKey === 'order-gateway-retry-0001');
    expect(sent).toHaveLength(2);
  });

  it.each([
    ['pm_card_chargeDeclined', 402, PAYMENT_MESSAGES.declined],
    ['pm_card_chargeDeclinedInsufficientFunds', 402, PAYMENT_MESSAGES.insufficientFunds],
    ['pm_card_authenticationRequired', 402, PAYMENT_MESSAGES.needsAuthentication],
    ['pm_card_jcb', 402, PAYMENT_MESSAGES.unsupportedBrand],
    ['pm_unknown_method', 400, PAYMENT_MESSAGES.invalidPaymentMethod],
  ])('refuses %s with %i and leaves stock and orders unchanged', async (pm, status, message) => {
    const { db } = api.test.database;
    const order = await guestOrder(api, [mugLine(1)], pm);
    const before = await footprint(db);
    const stock = await variantStock(db, 'EG-MUG-CEDAR-GRN');
    const response = await confirm(api, order);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toBe(message);
    expect(await footprint(db)).toEqual(before);
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock);
  });

  describe('POST /api/payments/stripe/webhook', () => {
    const stripe = new Stripe('sk_test_unused');

    function event(
      type: string,
      object: Record<string, unknown>,
      eventId = `evt_${type}_${Date.now()}`,
    ) {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
    }

    function deliver(payload: string, signature?: string) {
      return api.post('/payments/stripe/webhook', payload, {
        headers: {
          'stripe-signature':
            signature ??
            stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
    }

    async function processingOrder() {
      const order = await guestOrder(api, [enamelLine(1)], 'pm_card_processing');
      const response = await confirm(api, order);
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body.order.paymentStatus).toBe('pending');
      const [payment] = await api.test.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, body.orderId));
      return { orderId: body.orderId as string, intentId: payment!.reference };
    }

    it('rejects a bad signature, a payload signed with another secret and a missing one', async () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
      const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
      for (const signature of ['t=1,v1=deadbeef', forged, '']) {
        const response = await deliver(payload, signature);
        expect(response.status).toBe(400);
        expect((await response.json()).error).toBe(PAYMENT_MESSAGES.invalidSignature);
      }
      const tampered = await deliver(
        payload.replace('pi_x', 'pi_y'),
        stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      );
      expect(tampered.status).toBe(400);
      expect(await api.test.database.db.select().from(stripeEvents)).toEqual([]);
    });

    it('records a payment that succeeded later, and processes a replayed event once', async () => {
      const { db } = api.test.database;
      const { orderId, intentId } = await processingOrder();
      const payload = event(
        'payment_intent.succeeded',
        {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { shop: 'evergreen' },
        },
        'evt_succeeded_once',
      );
      const first = await deliver(payload);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.paymentStatus).toBe('paid');

      // The shop marks the payment refunded by hand; a replay of the old event must not undo it.
      await db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, orderId));
      const replay = await deliver(payload);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(after!.paymentStatus).toBe('refunded');
      const rows = await db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, 'evt_succeeded_once'));
      expect(rows).toHaveLength(1);
    });

    it('records a failed payment with its reason', async () => {
      const { db } = api.test.database;
      const { orderId, intentId } = await processingOrder();
      const response = await deliver(
        event('payment_intent.payment_failed', {
          id: intentId,
          object: 'payment_intent',
          metadata: { shop: 'evergreen' },
          last_payment_error: { message: 'Your card was declined.' },
        }),
      );
      expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({
        status: 'failed',
        failureMessage: 'Your card was declined.',
      });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.paymentStatus).toBe('failed');
    });

    it('acknowledges events it does not act on, and asks for a retry of its own unrecorded ones', async () => {
      const other = await deliver(
        event('payment_intent.succeeded', {
          id: 'pi_elsewhere',
          object: 'payment_intent',
          metadata: {},
        }),
      );
      expect(await other.json()).toEqual({ received: true, outcome: 'unknown payment' });
      const ignored = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
      expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored type' });

      const early = event(
        'payment_intent.succeeded',
        { id: 'pi_not_yet', object: 'payment_intent', metadata: { shop: 'evergreen' } },
        'evt_too_early',
      );
      expect((await deliver(early)).status).toBe(409);
      const rows = await api.test.database.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, 'evt_too_early'));
      expect(rows).toEqual([]);
    });
  });
});
