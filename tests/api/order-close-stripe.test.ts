import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders, outbox, payments } from '../../api/db/schema';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, productStock, SEATTLE, type Line } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { balanceCents, bought, cardLine, cardOf, fresh, freshEmail } from './order-close-helpers';

const WEBHOOK_SECRET = 'whsec_test_evergreen_close_secret';

/**
 * Issue 35 row 3: a Stripe payment that fails after a gift card paid part of the order closes the
 * order through closeOrder (the gift card's part back, the buyer mailed), and the cards an order
 * buys are issued only once its payment went through.
 */
describe('a Stripe payment that fails or is still processing (issue 35)', () => {
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

  function deliver(type: string, intentId: string) {
    const payload = JSON.stringify({
      id: `evt_close_${(events += 1)}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          metadata: { shop: 'evergreen' },
          last_payment_error: { message: 'Your card was declined.' },
        },
      },
    });
    return api.post('/payments/stripe/webhook', payload, {
      headers: {
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
  }

  async function order(items: Line[], pm: string, email: string, extra = {}) {
    const body = await guestOrder(api, items, pm, SEATTLE, { ...GUEST, email });
    return bought(await api.post('/orders/orderconfirmation', { ...body, ...extra }, fresh()));
  }
  // The card's payment: a gift card's part is a payment row of its own (issue 35).
  const intentOf = async (orderId: string) =>
    (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.method, 'stripe')))
    )[0]!.reference;
  const cardsOf = (orderId: string) =>
    db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
  const stateOf = async (orderId: string) =>
    (
      await db()
        .select({ shipping: orders.shippingStatus, payment: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];

  it('a gift card pays $10, the card payment is processing, then fails: the order is closed, the $10 back on the gift card, the buyer mailed', async () => {
    const owner = freshEmail('card-owner');
    const { codes } = await order([cardLine(10, owner)], 'pm_card_visa', owner);
    const card = await cardOf(api, codes[0]!.code);
    expect(await balanceCents(api, card.id)).toBe(1000);

    const stock = await productStock(db(), 'campfire-enamel-mug');
    const buyer = freshEmail('processing');
    const placed = await order([enamelLine(2)], 'pm_card_processing', buyer, {
      giftCardCode: codes[0]!.code,
    });
    expect(await stateOf(placed.orderId)).toEqual({ shipping: 'unfulfilled', payment: 'pending' });
    expect(await balanceCents(api, card.id)).toBe(0);

    const failed = await deliver('payment_intent.payment_failed', await intentOf(placed.orderId));
    expect(await failed.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await stateOf(placed.orderId)).toEqual({ shipping: 'canceled', payment: 'failed' });
    expect(await balanceCents(api, card.id)).toBe(1000);
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer), eq(outbox.kind, 'order.canceled')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('did not go through');
    expect(mails[0]!.text).toContain('We returned $10.00 to your gift card.');
    // Nothing was refunded at Stripe: the card payment took nothing.
    expect(standIn.refunds).toEqual([]);
  });

  it('issues no card while the payment is processing; a success issues it, a failure never does', async () => {
    const buyer = freshEmail('card-buyer');
    const later = await order([cardLine(30, buyer), enamelLine(1)], 'pm_card_processing', buyer);
    expect(later.codes).toEqual([]);
    expect(await cardsOf(later.orderId)).toEqual([]);
    const paid = await deliver('payment_intent.succeeded', await intentOf(later.orderId));
    expect(await paid.json()).toEqual({ received: true, outcome: 'applied' });
    const [issued, ...more] = await cardsOf(later.orderId);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({ initialCents: 3000 });
    // For the buyer themself, due today: delivered with its code at once.
    expect(issued!.deliveredAt).not.toBeNull();
    const delivered = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer), eq(outbox.kind, 'giftcard.delivered')));
    expect(delivered).toHaveLength(1);

    const other = freshEmail('card-buyer');
    const never = await order([cardLine(30, other), enamelLine(1)], 'pm_card_processing', other);
    await deliver('payment_intent.payment_failed', await intentOf(never.orderId));
    expect(await stateOf(never.orderId)).toEqual({ shipping: 'canceled', payment: 'failed' });
    expect(await cardsOf(never.orderId)).toEqual([]);
    const none = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, other), eq(outbox.kind, 'giftcard.delivered')));
    expect(none).toEqual([]);
  });
});
