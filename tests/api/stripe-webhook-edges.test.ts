import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, stripeEvents } from '../../api/db/schema';
import { onMailQueued } from '../../api/modules/mail/signal';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, SEATTLE } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { fresh, freshEmail } from './order-close-helpers';

const WEBHOOK_SECRET = 'whsec_test_evergreen_webhook_edges';

/*
 * The Stripe webhook's edges (api/modules/payments/webhook.ts, issue 35 point 9): events of
 * shapes Stripe sends that the other files do not (no metadata, a charge with no payment intent, a
 * type the shop does not act on naming one of its payments, a failure with no reason), the answer
 * to an event that comes before its order is recorded, and the mail worker left asleep by an
 * event that mails nothing. Each reads the rows the event leaves.
 */
describe('the Stripe webhook’s edges (issue 35)', () => {
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

  /** Sends `object` as the event's object, as is (no metadata added). */
  async function deliver(type: string, object: Record<string, unknown>) {
    const id = `evt_edges_${(events += 1)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const response = await api.post('/payments/stripe/webhook', payload, {
      headers: {
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    return {
      id,
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  /** A guest order of one mug paid by the stand-in's `pm`: its row and its Stripe payment. */
  async function placed(pm: string) {
    const email = freshEmail('edges');
    const body = await guestOrder(api, [enamelLine(1)], pm, SEATTLE, { ...GUEST, email });
    await api.post('/orders/orderconfirmation', body, fresh());
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    const paymentOf = async () =>
      (
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, order!.id), eq(payments.method, 'stripe')))
      )[0]!;
    return { order: order!, intentId: (await paymentOf()).reference, paymentOf };
  }
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('an event with no metadata, or a charge with no payment intent, is answered, not a 500: unknown, ignored', async () => {
    const bare = await deliver('payment_intent.succeeded', {
      id: 'pi_no_metadata',
      object: 'payment_intent',
    });
    expect(bare).toMatchObject({ status: 200, body: { outcome: 'unknown payment' } });
    const orphan = await deliver('charge.refunded', {
      id: 'ch_orphan',
      object: 'charge',
      payment_intent: null,
      metadata: { shop: 'evergreen' },
    });
    expect(orphan).toMatchObject({ status: 200, body: { outcome: 'ignored type' } });
  });

  it('a type the shop does not act on, naming one of its payments, changes nothing and wakes no one', async () => {
    const { order, intentId, paymentOf } = await placed('pm_card_processing');
    let woken = 0;
    const stop = onMailQueued(() => {
      woken += 1;
    });
    const other = await deliver('payment_intent.requires_action', {
      id: intentId,
      object: 'payment_intent',
      metadata: { shop: 'evergreen' },
    }).finally(stop);
    expect(other.body.outcome).toBe('ignored type');
    const [kept] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, other.id));
    expect(kept!.outcome).toBe('ignored type');
    expect((await paymentOf()).status).toBe('pending');
    expect(await rowOf(order.id)).toMatchObject({
      shippingStatus: 'unfulfilled',
      paymentStatus: 'pending',
    });
    expect(woken).toBe(0);
  });

  it('a failure with no reason from the gateway: the payment failed with no message, the order closed', async () => {
    const { order, intentId, paymentOf } = await placed('pm_card_processing');
    const failed = await deliver('payment_intent.payment_failed', {
      id: intentId,
      object: 'payment_intent',
      metadata: { shop: 'evergreen' },
    });
    expect(failed).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await paymentOf()).toMatchObject({ status: 'failed', failureMessage: null });
    expect((await rowOf(order.id)).shippingStatus).toBe('canceled');
  });

  it('an event of its own before its order is recorded: 409 saying so, so Stripe sends it again', async () => {
    const early = await deliver('payment_intent.succeeded', {
      id: 'pi_edges_not_yet',
      object: 'payment_intent',
      metadata: { shop: 'evergreen' },
    });
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('The order for this payment is not recorded yet.');
  });
});
