import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, orders, outbox } from '../../api/db/schema';
import { deliverDueCards } from '../../api/modules/gift-cards/ledger';
import { shopDetails } from '../../api/modules/mail/templates';
import { GIFT_CARD_TEXTS } from '../../core/gift-cards/model';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { enamelLine } from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  fresh,
  freshEmail,
  plentyOfMugs,
  recordingSandbox,
  refundedCents,
  spend,
  spentCents,
  type RefundLog,
} from './order-close-helpers';

const shop = shopDetails();
const formatted = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Issue 35 row 1: closing an order that bought gift cards voids them, and keeps back from the
 * refund what they already paid for (api/modules/orders/close.ts).
 */
describe('closing an order that bought gift cards (issue 35)', () => {
  const log: RefundLog = { refunds: [] };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });
  const db = () => api.test.database.db;

  it('a guest cancels with the order link: refunded what was paid less what the card spent, the card void, a friend’s card due today never mailed', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('buyer');
    const friend = freshEmail('friend');
    const order = await bought(
      await buy(
        api,
        [cardLine(500, buyer), cardLine(25, friend, { fixed: true }), enamelLine(1)],
        buyer,
      ),
    );
    const { code } = order.codes[0]!;
    const card = await cardOf(api, code);

    // The card bought pays a whole order of mugs.
    const spending = await spend(api, [enamelLine(3)], code);
    expect(spending.status, await spending.clone().text()).toBe(201);
    const spent = await spentCents(api, card.id);
    expect(spent).toBeGreaterThan(0);

    const token = new URL(order.statusUrl).searchParams.get('t')!;
    const canceled = await api.post(
      '/orders/guest/cancel',
      { id: order.orderId },
      { headers: { [ORDER_LINK_HEADER]: token } },
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ shippingStatus: 'canceled', paymentStatus: 'refunded' });

    // Refunded: what was paid less what the card it bought had already paid for.
    const refunds = await refundedCents(api, order.orderId);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(
      order.totalCents - spent,
    );
    const asked = log.refunds.filter((refund) => refund.key.includes(order.orderId));
    expect(asked.map((refund) => refund.amountCents)).toEqual([order.totalCents - spent]);

    // The card is void: nothing left on it, and its code is refused.
    expect(await balanceCents(api, card.id)).toBe(0);
    const again = await spend(api, [enamelLine(1)], code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: GIFT_CARD_TEXTS.codeRefused });
    const balance = await api.post('/gift-cards/balance', { code }, fresh());
    expect(balance.status).toBe(400);

    // The friend's card, due today, is never delivered.
    await deliverDueCards(db(), shop, new Date());
    await deliverDueCards(db(), shop, new Date(Date.now() + 48 * 3600 * 1000));
    const toFriend = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, friend), eq(outbox.kind, 'giftcard.delivered')));
    expect(toFriend).toEqual([]);
    const [friendsCard] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.recipientEmail, friend));
    expect(friendsCard).toMatchObject({ deliveredAt: null, codeHash: null });
    expect(friendsCard!.disabledAt).not.toBeNull();

    // The buyer and the shop are told how much was kept back and why.
    const sentence = `${formatted(spent)} was not refunded because the gift card this order bought had already paid for ${formatted(spent)}.`;
    const [toBuyer] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer), eq(outbox.kind, 'order.canceled')));
    expect(toBuyer!.text).toContain(sentence);
    expect(toBuyer!.text).toContain(`We refunded ${formatted(order.totalCents - spent)}`);
    const toShop = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, shop.shopEmail), eq(outbox.kind, 'order.canceled.shop')));
    expect(toShop.some((mail) => mail.text.includes(sentence))).toBe(true);
  });

  it('the owner cancels an order whose card was not used: all of it refunded, the card void', async () => {
    const buyer = freshEmail('owner-cancel');
    const order = await bought(await buy(api, [cardLine(40, buyer), enamelLine(1)], buyer));
    const card = await cardOf(api, order.codes[0]!.code);
    const admin = await signedInAdmin(api);
    const canceled = await api.post(
      `/admin/orders/${order.orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    const refunds = await refundedCents(api, order.orderId);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(order.totalCents);
    expect(await balanceCents(api, card.id)).toBe(0);
    const refused = await spend(api, [enamelLine(1)], order.codes[0]!.code);
    expect(refused.status).toBe(400);
    const [toBuyer] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer), eq(outbox.kind, 'order.canceled')));
    expect(toBuyer!.text).toContain(`We refunded the full ${formatted(order.totalCents)}`);
    expect(toBuyer!.text).not.toContain('was not refunded');
  });

  it('a due card is delivered only while its order is paid and open', async () => {
    const friend = freshEmail('friend');
    const order = await bought(await buy(api, [cardLine(50, friend, { fixed: true })]));
    const mailsToFriend = () =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, friend), eq(outbox.kind, 'giftcard.delivered')));
    const setState = (shippingStatus: 'canceling' | 'unfulfilled', paymentStatus = 'paid') =>
      db()
        .update(orders)
        .set({ shippingStatus, paymentStatus: paymentStatus as 'paid' | 'pending' })
        .where(eq(orders.id, order.orderId));
    // Being closed, or its payment not through: not delivered.
    await setState('canceling');
    await deliverDueCards(db(), shop, new Date());
    await setState('unfulfilled', 'pending');
    await deliverDueCards(db(), shop, new Date());
    expect(await mailsToFriend()).toEqual([]);
    // Paid and open: delivered, once.
    await setState('unfulfilled');
    await deliverDueCards(db(), shop, new Date());
    await deliverDueCards(db(), shop, new Date());
    expect(await mailsToFriend()).toHaveLength(1);
  });

  it('the owner’s refund that leaves nothing paid closes the order: the card it bought is void', async () => {
    const buyer = freshEmail('full-refund');
    const response = await buy(api, [cardLine(40, buyer), enamelLine(1)], buyer);
    const order = await bought(response.clone());
    const { order: answered } = (await response.json()) as {
      order: { payments: { id: string; method: string; amountCents: number }[] };
    };
    const card = await cardOf(api, order.codes[0]!.code);
    const payment = answered.payments.find((p) => p.method === 'sandbox')!;
    const admin = await signedInAdmin(api);
    const refunded = await api.post(
      `/admin/orders/${order.orderId}/refund-payment`,
      { paymentId: payment.id, amountCents: payment.amountCents, idempotencyKey: randomUUID() },
      bearer(admin.token),
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.shippingStatus).toBe('canceled');
    expect(await balanceCents(api, card.id)).toBe(0);
    const refused = await spend(api, [enamelLine(1)], order.codes[0]!.code);
    expect(refused.status).toBe(400);
    // Refunded once, by the owner's refund: closing it gave nothing back twice.
    const refunds = await refundedCents(api, order.orderId);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(order.totalCents);
  });
});
