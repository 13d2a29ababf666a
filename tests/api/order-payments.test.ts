import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import {
  giftCardLedger,
  giftCards,
  orderRefunds,
  orders,
  paymentRefunds,
  payments,
} from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { AppError } from '../../api/lib/errors';
import { hashGiftCardCode } from '../../api/modules/gift-cards/codes';
import { refundPayments } from '../../api/modules/orders/refund-payments';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { shopToday } from '../../core/gift-cards/model';
import type { PaymentView } from '../../core/orders/payments';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, sandboxToken, SEATTLE } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/** The gateway's refunds as they arrive, and a switch that makes the next ones fail. */
const probe = { refunds: [] as { key: string; amountCents?: number }[], failNext: 0 };

/**
 * Every payment is a row (issue 35): an order a gift card paid part of has two payments, the gift
 * card's and the card's, summing to its total; a refund gives back the gift card's part first, then
 * the card's, each a row against its payment, once per key; a gateway that fails records nothing.
 */
describe('an order paid by a gift card and a card', () => {
  let gateway: PaymentGateway;
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => {
      const sandbox = sandboxPayments(api.test.database.db, 'order-payments-test-secret-123');
      gateway = {
        ...sandbox.gateway,
        refund: async (reference, key, amountCents) => {
          if (probe.failNext > 0) {
            probe.failNext -= 1;
            throw new Error('gateway timeout');
          }
          probe.refunds.push({ key, amountCents });
          return sandbox.gateway.refund(reference, key, amountCents);
        },
      };
      return { payments: { gateway, sandbox } };
    },
  });
  const db = () => api.test.database.db;
  let ip = 0;
  const from = () => ({
    headers: { [CLIENT_IP_HEADER]: `10.35.5.${++ip}`, 'idempotency-key': randomUUID() },
  });

  async function place(items: unknown[], extra: Record<string, unknown> = {}, email = GUEST.email) {
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, items as never, token, SEATTLE, { ...GUEST, email });
    const response = await api.post('/orders/orderconfirmation', { ...order, ...extra }, from());
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as {
      orderId: string;
      order: { total: number; payments: PaymentView[]; payment: unknown };
      statusUrl?: string;
    };
  }

  /** A $30 card the buyer bought for themself, delivered at once: its code and row. */
  async function giftCard() {
    const email = `self.${randomUUID().slice(0, 8)}@example.com`;
    const bought = await place(
      [
        {
          _id: seedProductId('evergreen-gift-card'),
          title: 'Evergreen Gift Card',
          sku: 'EG-GIFTCARD-CUSTOM',
          quantity: 1,
          price: 30,
          giftCard: {
            recipientName: 'Ada Lovelace',
            recipientEmail: email,
            deliverOn: shopToday(),
            amount: 30,
          },
        },
      ],
      {},
      email,
    );
    const { code } = (bought.order as unknown as { giftCardCodes: { code: string }[] })
      .giftCardCodes[0]!;
    const [card] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashGiftCardCode(code)));
    return { code, card: card! };
  }

  const balance = async (giftCardId: string) => {
    const [row] = await db()
      .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, giftCardId));
    return Number(row!.cents);
  };

  const refundOf = async (orderId: string, request: { amountCents: number; key: string }) => {
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    return refundPayments({ db: db(), gateway }, order!, {
      ...request,
      actorEmail: 'owner@example.com',
      reason: 'test refund',
    });
  };

  it('has two payments summing to the total, and a refund splits gift card first, once per key', async () => {
    const { code, card } = await giftCard();
    const placed = await place([enamelLine(4)], { giftCardCode: code });
    const totalCents = Math.round(placed.order.total * 100);
    const last4 = code.slice(-4);
    // The answer lists both instruments, the gift card's first.
    expect(placed.order.payments).toEqual([
      expect.objectContaining({ method: 'gift_card', amountCents: 3000, last4, refundedCents: 0 }),
      expect.objectContaining({
        method: 'sandbox',
        amountCents: totalCents - 3000,
        last4: '4242',
        brand: 'visa',
      }),
    ]);
    const rows = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(totalCents);
    expect(rows.find((row) => row.method === 'gift_card')!.giftCardId).toBe(card.id);
    expect(await balance(card.id)).toBe(0);

    // $40 back: the gift card's $30 first, then $10 to the card.
    const key = randomUUID();
    probe.refunds = [];
    expect(await refundOf(placed.orderId, { amountCents: 4000, key })).toEqual({
      giftCardCents: 3000,
      cardCents: 1000,
      reference: expect.stringMatching(/^sbx_re_/),
    });
    expect(await balance(card.id)).toBe(3000);
    expect(probe.refunds).toEqual([{ key, amountCents: 1000 }]);
    // The same key again: the same answer, nothing given back twice.
    expect(await refundOf(placed.orderId, { amountCents: 4000, key })).toMatchObject({
      giftCardCents: 3000,
      cardCents: 1000,
    });
    expect(await balance(card.id)).toBe(3000);
    expect(probe.refunds).toHaveLength(1);
    const parts = await db()
      .select({ method: payments.method, amountCents: paymentRefunds.amountCents })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.orderId, placed.orderId));
    expect(parts.sort((a, b) => a.method.localeCompare(b.method))).toEqual([
      { method: 'gift_card', amountCents: 3000 },
      { method: 'sandbox', amountCents: 1000 },
    ]);

    // The gateway fails: 503, and nothing is recorded as refunded; the retry finishes it.
    const second = randomUUID();
    probe.failNext = 1;
    await expect(refundOf(placed.orderId, { amountCents: 500, key: second })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.type === 'UNAVAILABLE',
    );
    const [pending] = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, second));
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, pending!.id)),
    ).toEqual([]);
    expect(await refundOf(placed.orderId, { amountCents: 500, key: second })).toMatchObject({
      giftCardCents: 0,
      cardCents: 500,
    });

    // Never more than is left: the order's history shows what each instrument gave back.
    await expect(
      refundOf(placed.orderId, { amountCents: totalCents, key: randomUUID() }),
    ).rejects.toSatisfy((error) => error instanceof AppError && error.type === 'INVALID_DATA');
    const [sandboxRow] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, placed.orderId), eq(payments.method, 'sandbox')));
    expect(sandboxRow!.status).toBe('paid');
    const [giftRow] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, placed.orderId), eq(payments.method, 'gift_card')));
    expect(giftRow!.status).toBe('refunded');
  });

  it('the owner refunds one instrument: the card alone, once per key, never more than is left on it', async () => {
    const { code, card } = await giftCard();
    const placed = await place([enamelLine(2)], { giftCardCode: code });
    const cardPayment = placed.order.payments.find((p) => p.method === 'sandbox')!;
    const admin = await signedInAdmin(api);
    const body = {
      paymentId: cardPayment.id,
      amountCents: cardPayment.amountCents,
      idempotencyKey: randomUUID(),
    };
    const path = `/admin/orders/${placed.orderId}/refund-payment`;
    probe.refunds = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await api.post(path, body, bearer(admin.token));
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(await answer.json()).toMatchObject({
        giftCardCents: 0,
        cardCents: cardPayment.amountCents,
      });
    }
    expect(probe.refunds).toHaveLength(1);
    // The gift card kept its payment: nothing went back to it.
    expect(await balance(card.id)).toBe(0);
    const detail = await api.get(`/admin/orders/${placed.orderId}`, bearer(admin.token));
    const { money } = (await detail.json()) as { money: { payments: PaymentView[] } };
    expect(money.payments.map((p) => [p.method, p.refundedCents])).toEqual([
      ['gift_card', 0],
      ['sandbox', cardPayment.amountCents],
    ]);
    const again = await api.post(
      path,
      { ...body, amountCents: 1, idempotencyKey: randomUUID() },
      bearer(admin.token),
    );
    expect(again.status).toBe(400);
  });

  it('an owner refund reaching into a gift card the order bought voids it, and never gives back what it paid for (issue 35)', async () => {
    const admin = await signedInAdmin(api);
    const refund = async (orderId: string, paymentId: string, amountCents: number) =>
      api.post(
        `/admin/orders/${orderId}/refund-payment`,
        { paymentId, amountCents, idempotencyKey: randomUUID() },
        bearer(admin.token),
      );
    const chargeOf = async (orderId: string) =>
      (
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.method, 'sandbox')))
      )[0]!;

    // An unspent $30 card: refunding its order voids it; the code buys nothing any more.
    const unspent = await giftCard();
    const charge = await chargeOf(unspent.card.orderId!);
    expect((await refund(unspent.card.orderId!, charge.id, charge.amountCents)).status).toBe(200);
    expect(await balance(unspent.card.id)).toBe(0);
    expect((await api.post('/gift-cards/balance', { code: unspent.code }, from())).status).toBe(
      400,
    );

    // A card that already paid for a mug elsewhere: that part is never refunded, the rest is.
    const spent = await giftCard();
    const other = await place([enamelLine(1)], { giftCardCode: spent.code });
    const paidByCard = other.order.payments.find((p) => p.method === 'gift_card')!.amountCents;
    const second = await chargeOf(spent.card.orderId!);
    probe.refunds = [];
    const tooMuch = await refund(spent.card.orderId!, second.id, second.amountCents);
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: string }).error).toContain(
      'the gift cards this order bought have already paid for',
    );
    expect(probe.refunds).toHaveLength(0);
    const rest = await refund(spent.card.orderId!, second.id, second.amountCents - paidByCard);
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(probe.refunds.reduce((sum, r) => sum + (r.amountCents ?? 0), 0)).toBe(
      second.amountCents - paidByCard,
    );
  });

  it('refunds at once with different keys never give back more than was paid', async () => {
    const { code, card } = await giftCard();
    const placed = await place([enamelLine(2)], { giftCardCode: code });
    const totalCents = Math.round(placed.order.total * 100);
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        refundOf(placed.orderId, { amountCents: totalCents - 100, key: randomUUID() }),
      ),
    );
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [given] = await db()
      .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.orderId, placed.orderId));
    expect(Number(given!.cents)).toBe(totalCents - 100);
    expect(await balance(card.id)).toBe(3000);
  });

  it('an order a gift card paid in full has one payment and names no card', async () => {
    const { code, card } = await giftCard();
    const placed = await place([enamelLine(1)], {
      giftCardCode: code,
      billingInfo: { paymentMethodId: '', stored: false },
    });
    expect(placed.order.payment).toBeNull();
    expect(placed.order.payments).toEqual([
      expect.objectContaining({ method: 'gift_card', brand: null }),
    ]);
    const rows = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows.map((row) => [row.method, row.amountCents])).toEqual([
      ['gift_card', Math.round(placed.order.total * 100)],
    ]);

    // Its balance short and no card given: refused, and its payment did not stand.
    const { token } = await sandboxToken(api);
    const short = await guestOrder(api, [enamelLine(6)] as never, token, SEATTLE, GUEST);
    const refused = await api.post(
      '/orders/orderconfirmation',
      { ...short, billingInfo: { paymentMethodId: '', stored: false }, giftCardCode: code },
      from(),
    );
    expect(refused.status).toBe(400);
    const spent = await db()
      .select({ status: payments.status, orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.giftCardId, card.id));
    expect(spent.filter((row) => row.orderId !== placed.orderId)).toEqual([
      { status: 'failed', orderId: expect.any(String) },
    ]);
  });
});
