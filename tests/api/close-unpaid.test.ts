import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardLedger, idempotencyKeys, orders, payments, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { AppError } from '../../api/lib/errors';
import { catalogueOf } from '../../api/modules/catalogue';
import { closePendingOrder } from '../../api/modules/orders/close-unpaid';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, sandboxToken, SEATTLE } from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  fresh,
  freshEmail,
} from './order-close-helpers';

/*
 * An order that was never paid (issue 35 point 3, close-unpaid.ts): a declined card ends it
 * `payment_failed`, the recovery job's verdict `abandoned`. Either way its stock goes back (and
 * the catalogue is told), the gift card's part goes back to the card with the reason, that
 * payment row stops counting as paid, and the request's key is let go so the shopper can try
 * again. It happens once: a second close finds nothing pending.
 */
const MUG = seedProductId('campfire-enamel-mug');
let unreachable = false;

function switchableSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'close-unpaid-test-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (unreachable) throw new AppError('UNAVAILABLE', 'gateway unreachable');
      return sandbox.gateway.charge(request);
    },
    refund: (reference, key, amountCents) => sandbox.gateway.refund(reference, key, amountCents),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('closing an order that was never paid', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => switchableSandbox(api) });
  const db = () => api.test.database.db;

  const stockOfMug = async () => {
    const [row] = await db()
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, MUG));
    return row!.quantity!;
  };
  const catalogueStockOfMug = async () => (await catalogueOf(db())).product(MUG)?.quantity;

  /** A $10 card for a buyer of its own, delivered at once: its code. */
  async function tenDollarCard() {
    const email = freshEmail('holder');
    const { codes } = await bought(await buy(api, [cardLine(10, email)], email));
    return codes[0]!.code;
  }

  /** Two mugs paid by a $10 card and a payment card: the order's id, its key and the card. */
  async function mugsPaidInPart(cardNumber: string, { chargeUnanswered = false } = {}) {
    const code = await tenDollarCard();
    const email = freshEmail('shopper');
    const { token } = await sandboxToken(api, cardNumber);
    const order = await guestOrder(api, [enamelLine(2)], token, SEATTLE, { ...GUEST, email });
    const request = fresh();
    unreachable = chargeUnanswered;
    const response = await api
      .post('/orders/orderconfirmation', { ...order, giftCardCode: code }, request)
      .finally(() => {
        unreachable = false;
      });
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    return {
      response,
      order: row!,
      key: request.headers['idempotency-key'],
      card: await cardOf(api, code),
    };
  }

  async function expectClosedUnpaid(orderId: string, cardId: string, key: string) {
    // The card's part is back on the card, with the reason, and its payment no longer counts.
    expect(await balanceCents(api, cardId)).toBe(1000);
    const back = await db()
      .select({ amountCents: giftCardLedger.amountCents, note: giftCardLedger.note })
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'refund')));
    expect(back).toEqual([{ amountCents: 1000, note: 'order not paid' }]);
    const giftCardPayments = await db()
      .select({ status: payments.status, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'gift_card')));
    expect(giftCardPayments).toEqual([{ status: 'failed', amountCents: 1000 }]);
    // The request's key is let go: the shopper may send the same request again.
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
      [],
    );
  }

  it('a declined card: payment_failed, stock and the gift card part back, the key let go', async () => {
    const before = await stockOfMug();
    const { response, order, key, card } = await mugsPaidInPart('4000 0000 0000 0002');
    expect(response.status).toBe(402);
    expect(order).toMatchObject({
      shippingStatus: 'payment_failed',
      paymentStatus: 'failed',
      giftCardCents: 1000,
    });
    expect(order.updatedAt.getTime()).toBeGreaterThan(order.createdAt.getTime());
    expect(await stockOfMug()).toBe(before);
    expect(await catalogueStockOfMug()).toBe(before);
    await expectClosedUnpaid(order.id, card.id, key);
  });

  it('a charge never answered, then given up by recovery: abandoned, once', async () => {
    const before = await stockOfMug();
    const { response, order, key, card } = await mugsPaidInPart('4242 4242 4242 4242', {
      chargeUnanswered: true,
    });
    expect(response.status).toBe(503);
    expect(order.shippingStatus).toBe('pending_payment');
    expect(await stockOfMug()).toBe(before - 2);
    expect(await catalogueStockOfMug()).toBe(before - 2);
    expect(await balanceCents(api, card.id)).toBe(0);

    expect(await closePendingOrder(db(), order.id, 'recovery')).toBe(true);
    const [closed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(closed).toMatchObject({ shippingStatus: 'abandoned', paymentStatus: 'failed' });
    expect(await stockOfMug()).toBe(before);
    expect(await catalogueStockOfMug()).toBe(before);
    await expectClosedUnpaid(order.id, card.id, key);

    // Again: nothing pending, nothing given back twice, no stock added twice.
    expect(await closePendingOrder(db(), order.id, 'payment-failed')).toBe(false);
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still!.shippingStatus).toBe('abandoned');
    expect(await stockOfMug()).toBe(before);
    expect(await balanceCents(api, card.id)).toBe(1000);
  });
});
