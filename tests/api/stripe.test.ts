import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, stripeEvents } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { recoverPendingOrders } from '../../api/modules/orders/recovery';
import { chargeKeyFor } from '../../api/modules/orders/repository';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi } from '../helpers/api';
import {
  confirm,
  enamelLine,
  footprint,
  GUEST,
  guestOrder as baseGuestOrder,
  mugLine,
  productStock,
  variantStock,
} from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_evergreen_webhook_secret';

/** Each order from its own guest email: the per-email limits are tested in orders-limits. */
let guests = 0;
const guestOrder: typeof baseGuestOrder = (api, items, paymentMethodId, address) =>
  baseGuestOrder(api, items, paymentMethodId, address, {
    ...GUEST,
    email: `ada+stripe${(guests += 1)}@example.com`,
  });

describe('the Stripe gateway, through the official SDK, against a local stand-in', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  /** 'unreachable': the gateway fails before Stripe hears of the charge (outcome unknown). */
  let unreachable = false;
  const gateway = (): PaymentGateway => {
    const real = stripeGateway(standIn.client());
    return {
      ...real,
      provider: 'stripe',
      charge: (request) =>
        unreachable
          ? Promise.reject(new AppError('UNAVAILABLE', PAYMENT_MESSAGES.processing))
          : real.charge(request),
    };
  };
  const api = useApi({
    seed: true,
    dependencies: () => ({
      payments: {
        gateway: gateway(),
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
    // One key per order, kept with it, and in the metadata so recovery can find the charge.
    expect(created!.idempotencyKey).toBe(chargeKeyFor(body.orderId));
    expect(created!.form.get('metadata[chargeKey]')).toBe(chargeKeyFor(body.orderId));

    const [payment] = await api.test.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, body.orderId));
    expect(payment).toMatchObject({
      method: 'stripe',
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

  it('sends the same idempotency key on every attempt of a charge, and finds it again by that key', async () => {
    const gateway = stripeGateway(standIn.client());
    const request = {
      amountCents: 1900,
      currency: 'usd' as const,
      paymentMethodId: 'pm_card_discover',
      idempotencyKey: 'order-gateway-retry-0001',
      description: 'Evergreen order',
      metadata: { chargeKey: 'order-gateway-retry-0001' },
    };
    await gateway.charge(request);
    await gateway.charge(request);
    const sent = intentsCreated().filter((r) => r.idempotencyKey === 'order-gateway-retry-0001');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.form.toString())).toEqual([
      sent[0]!.form.toString(),
      sent[0]!.form.toString(),
    ]);
    // Our lookup (used by recovery) finds the charge by its key, and nothing for another key.
    const found = await gateway.lookup('order-gateway-retry-0001');
    expect(found).toMatchObject({ kind: 'charged', charge: { status: 'paid' } });
    expect(await gateway.lookup('order-never-charged-0001')).toEqual({ kind: 'not_charged' });
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

      const replay = await deliver(payload);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });

      // Refunded, then a late `succeeded` (another event id) arrives: it must not undo the refund.
      const refunded = await deliver(
        event('charge.refunded', {
          id: 'ch_refunded',
          object: 'charge',
          payment_intent: intentId,
          metadata: { shop: 'evergreen' },
        }),
      );
      expect(await refunded.json()).toEqual({ received: true, outcome: 'applied' });
      const late = await deliver(
        event(
          'payment_intent.succeeded',
          { id: intentId, object: 'payment_intent', metadata: { shop: 'evergreen' } },
          'evt_succeeded_late',
        ),
      );
      expect(await late.json()).toEqual({ received: true, outcome: 'stale' });
      const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(after).toMatchObject({ paymentStatus: 'refunded', shippingStatus: 'canceled' });
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment!.status).toBe('refunded');
      const rows = await db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, 'evt_succeeded_once'));
      expect(rows).toHaveLength(1);
    });

    it('records a failed payment with its reason, cancels the order and puts its stock back', async () => {
      const { db } = api.test.database;
      const stock = await productStock(db, 'campfire-enamel-mug');
      const { orderId, intentId } = await processingOrder();
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 1);
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
      expect(order).toMatchObject({ paymentStatus: 'failed', shippingStatus: 'canceled' });
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
      // A retry that succeeds after the order was canceled is refunded; the order stays canceled.
      const late = await deliver(
        event('payment_intent.succeeded', {
          id: intentId,
          object: 'payment_intent',
          metadata: { shop: 'evergreen' },
        }),
      );
      expect(await late.json()).toEqual({ received: true, outcome: 'refunded late payment' });
      expect(standIn.refunds).toContainEqual(expect.objectContaining({ payment_intent: intentId }));
      const [still] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(still).toMatchObject({ shippingStatus: 'canceled' });
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
    });

    it('refunds at once a success that arrives after its order was abandoned', async () => {
      const { db } = api.test.database;
      const stock = await productStock(db, 'campfire-enamel-mug');
      unreachable = true;
      const order = await guestOrder(api, [enamelLine(1)], 'pm_card_visa');
      const response = await confirm(api, order);
      unreachable = false;
      expect(response.status).toBe(503);
      const [pending] = await db
        .select()
        .from(orders)
        .where(eq(orders.shippingStatus, 'pending_payment'));
      const shop = { siteName: 'Evergreen', siteUrl: 'http://x', shopEmail: 'shop@example.com' };
      expect(await recoverPendingOrders({ db, gateway: gateway(), shop }, 0)).toMatchObject({
        abandoned: 1,
      });
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);

      const late = await deliver(
        event('payment_intent.succeeded', {
          id: 'pi_after_abandoned',
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { shop: 'evergreen', chargeKey: pending!.chargeKey },
        }),
      );
      expect(await late.json()).toEqual({ received: true, outcome: 'refunded late payment' });
      expect(standIn.refunds).toContainEqual(
        expect.objectContaining({ payment_intent: 'pi_after_abandoned' }),
      );
      const refundCall = standIn.requests.find(
        (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === 'pi_after_abandoned',
      );
      expect(refundCall!.idempotencyKey).toBe(`${pending!.chargeKey}-late-refund`);
      const [after] = await db.select().from(orders).where(eq(orders.id, pending!.id));
      expect(after!.shippingStatus).toBe('abandoned');
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
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
