import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, payments, stripeEvents } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { catalogueOf } from '../../api/modules/catalogue';
import { onMailQueued } from '../../api/modules/mail/signal';
import { markShipped } from '../../api/modules/orders/fulfilment';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi } from '../helpers/api';
import {
  enamelLine,
  GUEST,
  guestOrder,
  photoLine,
  productStock,
  SEATTLE,
  type Line,
} from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { fresh, freshEmail } from './order-close-helpers';

const WEBHOOK_SECRET = 'whsec_test_evergreen_webhook_effects';
const MUG = seedProductId('campfire-enamel-mug');

/*
 * What a Stripe event does to an order besides its payment row (api/modules/payments/webhook.ts):
 * a refund of a parcel already sent, a payment intent named as an object, a late failure of an
 * order already closed, a success that delivers digital items, and the catalogue and mail worker
 * told once the event's transaction has committed. Each test reads the rows the event changed.
 */
describe('a Stripe event’s effects on its order (issue 35)', () => {
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
  const db = () => api.test.database.db;
  const stripe = new Stripe('sk_test_unused');
  let events = 0;

  async function deliver(type: string, object: Record<string, unknown>) {
    const id = `evt_effects_${(events += 1)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { metadata: { shop: 'evergreen' }, ...object } },
    });
    const response = await api.post('/payments/stripe/webhook', payload, {
      headers: {
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    return { id, status: response.status, body: (await response.json()) as { outcome?: string } };
  }

  async function placed(items: Line[], pm: string, address: typeof SEATTLE | null = SEATTLE) {
    const email = freshEmail('webhook');
    const body = await guestOrder(api, items, pm, address, { ...GUEST, email });
    const response = await api.post('/orders/orderconfirmation', body, fresh());
    const answer = (await response.json()) as { orderId?: string };
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    const [payment] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, row!.id), eq(payments.method, 'stripe')));
    return { status: response.status, answer, order: row!, intentId: payment?.reference, email };
  }
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, id)))[0]!;
  const outcomeKept = async (eventId: string) =>
    (await db().select().from(stripeEvents).where(eq(stripeEvents.id, eventId)))[0]?.outcome;
  const catalogueMugs = async () => (await catalogueOf(db())).product(MUG)?.quantity;

  it('a refund of a shipped order, its payment intent named as an object: payment and order refunded, the parcel still shipped, no stock back', async () => {
    const { order, intentId } = await placed([enamelLine(2)], 'pm_card_visa');
    await markShipped(db(), { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z12345' });
    const stock = await productStock(db(), 'campfire-enamel-mug');

    const refunded = await deliver('charge.refunded', {
      id: 'ch_shipped',
      object: 'charge',
      payment_intent: { id: intentId },
    });
    expect(refunded.body.outcome).toBe('applied');
    expect(await outcomeKept(refunded.id)).toBe('applied');
    expect((await paymentOf(order.id)).status).toBe('refunded');
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'shipped',
      paymentStatus: 'refunded',
    });
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);
  });

  it('a refund of an order waiting to ship closes it: canceled, refunded, the stock back in the catalogue, the buyer mailed and the worker woken', async () => {
    const { order, intentId, email } = await placed([enamelLine(3)], 'pm_card_visa');
    const stock = await productStock(db(), 'campfire-enamel-mug');
    const shown = await catalogueMugs();
    let woken = 0;
    const stop = onMailQueued(() => {
      woken += 1;
    });
    const refunded = await deliver('charge.refunded', {
      id: 'ch_unfulfilled',
      object: 'charge',
      payment_intent: intentId,
    }).finally(stop);
    expect(refunded.body.outcome).toBe('applied');
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'canceled',
      paymentStatus: 'refunded',
    });
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock! + 3);
    expect(await catalogueMugs()).toBe(shown! + 3);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'order.canceled')));
    expect(mails).toHaveLength(1);
    expect(woken).toBeGreaterThan(0);
  });

  it('a failure or a success for an order declined at checkout: the failure is stale, the success refunded at once with its own key', async () => {
    const { status, order } = await placed([enamelLine(1)], 'pm_card_chargeDeclined');
    expect(status).toBe(402);
    expect(order.shippingStatus).toBe('payment_failed');
    const refundsBefore = standIn.refunds.length;
    const failed = await deliver('payment_intent.payment_failed', {
      id: 'pi_declined_late_failure',
      object: 'payment_intent',
      metadata: { shop: 'evergreen', chargeKey: order.chargeKey },
    });
    expect(failed.body.outcome).toBe('stale');
    expect(await outcomeKept(failed.id)).toBe('stale');
    expect(standIn.refunds.length).toBe(refundsBefore);

    const late = await deliver('payment_intent.succeeded', {
      id: 'pi_declined_late_success',
      object: 'payment_intent',
      metadata: { shop: 'evergreen', chargeKey: order.chargeKey },
    });
    expect(late.body.outcome).toBe('refunded late payment');
    const call = standIn.requests.find(
      (r) =>
        r.path === '/v1/refunds' && r.form.get('payment_intent') === 'pi_declined_late_success',
    );
    expect(call!.idempotencyKey).toBe(`${order.chargeKey}-late-refund`);
    expect((await rowOf(order.id)).shippingStatus).toBe('payment_failed');
  });

  it('a success for a digital order still processing delivers it and wakes the mail worker; a second success is stale', async () => {
    const { order, intentId } = await placed([photoLine()], 'pm_card_processing', null);
    expect(order).toMatchObject({ shippingStatus: 'unfulfilled', paymentStatus: 'pending' });
    let woken = 0;
    const stop = onMailQueued(() => {
      woken += 1;
    });
    const paid = await deliver('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
    }).finally(stop);
    expect(paid.body.outcome).toBe('applied');
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'delivered',
      paymentStatus: 'paid',
    });
    expect((await paymentOf(order.id)).status).toBe('paid');
    expect(woken).toBe(1);

    const again = await deliver('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
    });
    expect(again.body.outcome).toBe('stale');
    expect((await rowOf(order.id)).shippingStatus).toBe('delivered');
  });

  it('a failure of a processing payment keeps the gateway’s reason; an event without a payment intent is ignored', async () => {
    const { order, intentId } = await placed([enamelLine(1)], 'pm_card_processing');
    const failed = await deliver('payment_intent.payment_failed', {
      id: intentId,
      object: 'payment_intent',
      last_payment_error: { message: 'Insufficient funds.' },
    });
    expect(failed.body.outcome).toBe('applied');
    expect(await paymentOf(order.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Insufficient funds.',
    });
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'canceled',
      paymentStatus: 'failed',
    });
    const none = await deliver('charge.refunded', { id: 'ch_none', object: 'charge' });
    expect(none.body.outcome).toBe('ignored type');
  });
});
