import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import {
  auditLog,
  giftCardLedger,
  giftCards,
  orderRefunds,
  outbox,
  payments,
  products,
} from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { hashGiftCardCode } from '../../api/modules/gift-cards/codes';
import { openSecret } from '../../api/modules/mail/sealed';
import { deliverDueCards } from '../../api/modules/gift-cards/ledger';
import { shopDetails } from '../../api/modules/mail/templates';
import { addDays, GIFT_CARD_TEXTS, shopToday } from '../../core/gift-cards/model';
import { formatCents } from '../../core/money';
import type { TaxReport } from '../../core/tax/report';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, mugLine, sandboxToken, SEATTLE } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { refundProbeSandbox, type RefundProbe } from './orders-history-helpers';

const probe: RefundProbe = { refunds: [], failNext: 0 };
const onPostgres = Boolean(process.env.DATABASE_URL);
const shop = shopDetails();
const CODE_IN_TEXT = /\b([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})\b/;

interface Recipient {
  recipientName: string;
  recipientEmail: string;
  message?: string;
  deliverOn: string;
}

/** A line of the seeded Evergreen Gift Card: a fixed amount's variant, or the custom amount. */
function cardLine(dollars: number, details: Recipient, custom = false, quantity = 1) {
  return {
    _id: seedProductId('evergreen-gift-card'),
    title: 'Evergreen Gift Card',
    sku: custom ? 'EG-GIFTCARD-CUSTOM' : `EG-GIFTCARD-${dollars}`,
    quantity,
    price: dollars,
    giftCard: { ...details, ...(custom ? { amount: dollars } : {}) },
  };
}

const from = (ip: string, key = randomUUID()) => ({
  headers: { [CLIENT_IP_HEADER]: ip, 'idempotency-key': key },
});

describe('gift cards (issue 26 item 3)', () => {
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => refundProbeSandbox(api, probe),
  });
  const db = () => api.test.database.db;
  let ipCount = 0;
  const freshIp = () => `10.26.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

  async function buy(items: unknown[], contact = GUEST, extra: Record<string, unknown> = {}) {
    const { token } = await sandboxToken(api);
    const order = { ...(await guestOrder(api, items as never, token, SEATTLE, contact)), ...extra };
    return api.post('/orders/orderconfirmation', order, from(freshIp()));
  }

  const balanceCents = async (cardId: string) => {
    const [row] = await db()
      .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, cardId));
    return Number(row!.cents);
  };

  /** A card bought by the buyer for themself, due today: its code comes with the confirmation. */
  async function ownCard(dollars: number) {
    const email = `self.${randomUUID().slice(0, 8)}@example.com`;
    const response = await buy(
      [
        cardLine(
          dollars,
          { recipientName: 'Ada Lovelace', recipientEmail: email, deliverOn: shopToday() },
          true,
        ),
      ],
      { ...GUEST, email },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const body = (await response.json()) as {
      orderId: string;
      order: { giftCardCodes: { code: string; last4: string }[] };
    };
    const code = body.order.giftCardCodes[0]!.code;
    const [card] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashGiftCardCode(code)));
    return { code, card: card!, orderId: body.orderId };
  }

  it('the gift-card line is untaxed and the goods beside it are taxed; nothing to ship, no address needed', async () => {
    const card = cardLine(50, {
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      deliverOn: shopToday(),
    });
    const quote = await api.post('/orders/quote', {
      items: [card, enamelLine(1)],
      shippingAddress: SEATTLE,
    });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const figures = (await quote.json()) as { subtotal: number; salesTax: number; tax: number };
    expect(figures.subtotal).toBe(69);
    expect(figures.salesTax).toBeGreaterThan(0);
    expect(figures.tax).toBe(Math.round(1900 * figures.salesTax) / 100);

    const alone = await api.post('/orders/quote', { items: [card], billingAddress: SEATTLE });
    expect(alone.status, await alone.clone().text()).toBe(200);
    expect(await alone.json()).toMatchObject({ subtotal: 50, tax: 0, total: 50 });

    // Sold, the card is no sale for the tax report (issue 39 item 10): it has a column of its own.
    const placed = await buy([card, enamelLine(1)]);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const owner = await signedInAdmin(api);
    const month = shopToday().slice(0, 7);
    const report = (await (
      await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token))
    ).json()) as TaxReport;
    expect(report.totals).toMatchObject({
      orders: 1,
      grossSalesCents: 1900,
      giftCardsSoldCents: 5000,
      taxableCents: 1900,
      taxCollectedCents: Math.round(1900 * figures.salesTax),
    });
  });

  it('recomputes a custom amount and refuses one out of range or a card without its details', async () => {
    const details = {
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      deliverOn: shopToday(),
    };
    const custom = await api.post('/orders/quote', {
      items: [cardLine(37, details, true)],
      billingAddress: SEATTLE,
    });
    expect(await custom.json()).toMatchObject({ subtotal: 37, tax: 0, total: 37 });
    const tooMuch = await api.post('/orders/quote', {
      items: [cardLine(501, details, true)],
      billingAddress: SEATTLE,
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(await tooMuch.json())).toContain(GIFT_CARD_TEXTS.amount);
    const late = await api.post('/orders/quote', {
      items: [cardLine(50, { ...details, deliverOn: addDays(shopToday(), 91) })],
      billingAddress: SEATTLE,
    });
    expect(late.status).toBe(400);
    const { giftCard: _none, ...bare } = cardLine(50, details);
    const missing = await api.post('/orders/quote', { items: [bare], billingAddress: SEATTLE });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain(GIFT_CARD_TEXTS.detailsRequired);
  });

  it('a card for a friend arrives on its date, once, pays part of an order, and a cancel returns its part first', async () => {
    const tomorrow = addDays(shopToday(), 1);
    const bought = await buy([
      cardLine(
        20,
        {
          recipientName: 'Grace Hopper',
          recipientEmail: 'grace.friend@example.com',
          message: 'Happy birthday!',
          deliverOn: tomorrow,
        },
        true,
      ),
    ]);
    expect(bought.status, await bought.clone().text()).toBe(201);
    const boughtBody = (await bought.json()) as { orderId: string; order: object };
    expect(boughtBody.order).not.toHaveProperty('giftCardCodes');
    const [card] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.orderId, boughtBody.orderId));
    expect(card).toMatchObject({ initialCents: 2000, codeHash: null, deliveredAt: null });
    expect(await balanceCents(card!.id)).toBe(2000);

    // Not before its date (the shop's calendar), then once however often the job runs.
    await deliverDueCards(db(), shop, new Date());
    // The code rests in the outbox sealed (issue 36 row 7): the worker opens it to send.
    const mailsTo = async () =>
      (
        await db()
          .select()
          .from(outbox)
          .where(
            and(eq(outbox.to, 'grace.friend@example.com'), eq(outbox.kind, 'giftcard.delivered')),
          )
      ).map((row) => {
        expect(CODE_IN_TEXT.test(`${row.subject} ${row.text} ${row.html}`)).toBe(false);
        return openSecret(row, row.sealed!);
      });
    expect(await mailsTo()).toHaveLength(0);
    const onTheDay = new Date(Date.now() + 30 * 3600 * 1000);
    await deliverDueCards(db(), shop, onTheDay);
    await deliverDueCards(db(), shop, onTheDay);
    const [mail, ...more] = await mailsTo();
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('Happy birthday!');
    expect(mail!.text).toContain(GIFT_CARD_TEXTS.noExpiry);
    expect(mail!.text).toContain('$20.00');
    const code = CODE_IN_TEXT.exec(mail!.text)![1]!;
    const [delivered] = await db().select().from(giftCards).where(eq(giftCards.id, card!.id));
    expect(delivered!.last4).toBe(code.slice(-4));
    expect(delivered!.codeHash).not.toContain(code.replace(/-/g, ''));

    // The balance check answers the balance for the code as the email prints it.
    const balance = await api.post(
      '/gift-cards/balance',
      { code: code.toLowerCase() },
      from(freshIp()),
    );
    expect(await balance.json()).toEqual({ last4: code.slice(-4), balance: 20 });

    // A second order: the card pays first, the 4242 card the rest.
    const quote = await api.post('/orders/quote', {
      items: [mugLine(1)],
      shippingAddress: SEATTLE,
      giftCardCode: code,
    });
    const quoted = (await quote.json()) as { total: number; giftCard: { applied: number } };
    expect(quoted.giftCard).toMatchObject({ applied: 20, balance: 20, last4: code.slice(-4) });
    const paying = await buy(
      [mugLine(1)],
      { ...GUEST, email: 'grace.friend@example.com' },
      {
        giftCardCode: code,
      },
    );
    expect(paying.status, await paying.clone().text()).toBe(201);
    const paid = (await paying.json()) as {
      orderId: string;
      order: { total: number; giftCardPaid: number };
    };
    expect(paid.order.giftCardPaid).toBe(20);
    const totalCents = Math.round(paid.order.total * 100);
    // Two payments (issue 35): the gift card's $20, then the card's rest.
    const paidBy = await db()
      .select({ method: payments.method, amountCents: payments.amountCents, last4: payments.last4 })
      .from(payments)
      .where(eq(payments.orderId, paid.orderId));
    expect(paidBy.sort((a, b) => a.method.localeCompare(b.method))).toEqual([
      { method: 'gift_card', amountCents: 2000, last4: code.slice(-4) },
      { method: 'sandbox', amountCents: totalCents - 2000, last4: '4242' },
    ]);
    expect(await balanceCents(card!.id)).toBe(0);

    // The owner cancels it: the card gets its $20 back first, the payment card the rest.
    const admin = await signedInAdmin(api);
    const canceled = await api.post(
      `/admin/orders/${paid.orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    expect(await balanceCents(card!.id)).toBe(2000);
    const [refund] = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, paid.orderId));
    expect(refund).toMatchObject({ amountCents: totalCents, giftCardCents: 2000 });
    const [told] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'grace.friend@example.com'), eq(outbox.kind, 'order.canceled')));
    expect(told!.text).toContain('We returned $20.00 to your gift card first');
    // Each instrument and what went back to it (issue 35).
    expect(told!.text).toContain(`Gift card ending in ${code.slice(-4)} — $20.00`);
    expect(told!.text).toContain(`Visa ending in 4242 — ${formatCents(totalCents - 2000)}`);

    // The back office: the ledger, a resend with a new code (the old one stops), a disable; audited.
    const detail = await api.get(`/admin/giftcards/${card!.id}`, bearer(admin.token));
    const shown = (await detail.json()) as {
      balance: number;
      ledger: { kind: string; amount: number }[];
    };
    expect(shown.balance).toBe(20);
    expect(shown.ledger.map((row) => [row.kind, row.amount])).toEqual([
      ['issue', 20],
      ['redemption', -20],
      ['refund', 20],
    ]);
    const resent = await api.post(`/admin/giftcards/${card!.id}/resend`, {}, bearer(admin.token));
    expect(resent.status).toBe(200);
    const second = (await mailsTo()).find((mail) => !mail.text.includes(code));
    const newCode = CODE_IN_TEXT.exec(second!.text)![1]!;
    expect(newCode).not.toBe(code);
    // The new email says it replaces the earlier one (issue 39 point 9).
    expect(second!.text).toContain(`replaces the one ending in ${code.slice(-4)}`);
    const old = await api.post('/gift-cards/balance', { code }, from(freshIp()));
    expect(old.status).toBe(400);
    const disabled = await api.post(
      `/admin/giftcards/${card!.id}/disable`,
      {},
      bearer(admin.token),
    );
    expect(disabled.status).toBe(200);
    const afterDisable = await api.post('/gift-cards/balance', { code: newCode }, from(freshIp()));
    expect(afterDisable.status).toBe(400);
    expect(await afterDisable.json()).toMatchObject({ error: GIFT_CARD_TEXTS.codeRefused });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, card!.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['giftcard.disable', 'giftcard.resend']);
  });

  it('pays an order alone when its balance covers it, with no card; without a card a short balance is refused and kept', async () => {
    const { code, card } = await ownCard(50);
    const noCard = async (items: unknown[]) => {
      const order = await guestOrder(api, items as never, '', SEATTLE);
      return api.post(
        '/orders/orderconfirmation',
        { ...order, billingInfo: { paymentMethodId: '', stored: false }, giftCardCode: code },
        from(freshIp()),
      );
    };
    const covered = await noCard([enamelLine(1)]);
    expect(covered.status, await covered.clone().text()).toBe(201);
    const placed = (await covered.json()) as {
      orderId: string;
      order: { total: number; giftCardPaid: number };
    };
    expect(placed.order.giftCardPaid).toBe(placed.order.total);
    // One payment, the gift card's (issue 35): no charge, no card named.
    const paidBy = await db()
      .select({ method: payments.method, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, placed.orderId));
    expect(paidBy).toEqual([
      { method: 'gift_card', amountCents: Math.round(placed.order.total * 100) },
    ]);
    expect((placed.order as { payment?: unknown }).payment).toBeNull();
    const left = await balanceCents(card.id);
    expect(left).toBe(5000 - Math.round(placed.order.total * 100));

    const short = await noCard([enamelLine(2)]);
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: 'Please enter your card.' });
    expect(await balanceCents(card.id)).toBe(left);

    // Without a code, no card is no order.
    const order = await guestOrder(api, [enamelLine(1)], '', SEATTLE);
    const refused = await api.post(
      '/orders/orderconfirmation',
      { ...order, billingInfo: { paymentMethodId: '', stored: false } },
      from(freshIp()),
    );
    expect(refused.status).toBe(400);
  });

  it('a gift card cannot pay for a gift card', async () => {
    const { code } = await ownCard(30);
    const answer = await buy(
      [
        cardLine(25, {
          recipientName: 'Grace Hopper',
          recipientEmail: 'grace@example.com',
          deliverOn: shopToday(),
        }),
      ],
      GUEST,
      { giftCardCode: code },
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: GIFT_CARD_TEXTS.notForGiftCards });
  });

  it('a wrong code 20 times from one address is throttled, and the answer never says whether a code exists', async () => {
    const { code } = await ownCard(10);
    const ip = freshIp();
    const answers: { status: number; error: string }[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const wrong = `ZZZZ-ZZZZ-ZZZZ-${String(2000 + attempt).replace(/[01]/g, '9')}`;
      const response = await api.post('/gift-cards/balance', { code: wrong }, from(ip));
      answers.push({ status: response.status, ...((await response.json()) as { error: string }) });
    }
    expect(
      answers.slice(0, 5).every((a) => a.status === 400 && a.error === GIFT_CARD_TEXTS.codeRefused),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(14);
    // While it waits, even the right code gets the same 429: no oracle.
    const right = await api.post('/gift-cards/balance', { code }, from(ip));
    expect(right.status).toBe(429);
    // At checkout too.
    const quote = await api.post(
      '/orders/quote',
      { items: [mugLine(1)], shippingAddress: SEATTLE, giftCardCode: code },
      from(ip),
    );
    expect(quote.status).toBe(429);
    // Another address is not held up.
    const elsewhere = await api.post('/gift-cards/balance', { code }, from(freshIp()));
    expect(await elsewhere.json()).toMatchObject({ balance: 10 });
  });

  it.runIf(onPostgres)(
    '20 concurrent orders redeeming one card never spend more than its balance (PostgreSQL)',
    async () => {
      const { code, card } = await ownCard(50);
      // Twenty different products, so no stock row lines the orders up: only the card's lock can.
      const goods = await db()
        .select({
          _id: products.id,
          title: products.title,
          sku: products.sku,
          priceCents: products.priceCents,
        })
        .from(products)
        .where(
          and(
            eq(products.hasVariants, false),
            sql`${products.quantity} >= 3`,
            sql`${products.priceCents} is not null`,
            sql`lower(${products.category}) <> 'digital'`,
          ),
        )
        .orderBy(products.id)
        .limit(20);
      expect(goods).toHaveLength(20);
      const sent = await Promise.all(
        goods.map(async (product, shopper) => {
          // A token each, told apart by its expiry (tokens made in one millisecond would match).
          const tokenised = await api.post('/payments/sandbox/tokens', {
            number: '4242 4242 4242 4242',
            expMonth: (shopper % 12) + 1,
            expYear: new Date().getFullYear() + 2 + Math.floor(shopper / 12),
            cvc: '123',
          });
          const { token } = (await tokenised.json()) as { token: string };
          const line = {
            ...product,
            priceCents: undefined,
            quantity: 1,
            price: product.priceCents! / 100,
          };
          const order = await guestOrder(api, [line], token, SEATTLE, {
            ...GUEST,
            email: `race${shopper}@example.com`,
          });
          return { ...order, giftCardCode: code };
        }),
      );
      const answers = await Promise.all(
        sent.map((order) => api.post('/orders/orderconfirmation', order, from(freshIp()))),
      );
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as {
        orderId?: string;
        order?: { giftCardPaid: number; total: number };
        error?: string;
      }[];
      const placed = bodies.filter((body) => body.orderId);
      const refused = bodies.filter((body) => body.error === GIFT_CARD_TEXTS.empty);
      // The card paid exactly its $50 across the placed orders, never more; its balance is 0.
      const paidByCard = placed.reduce(
        (sum, body) => sum + Math.round(body.order!.giftCardPaid * 100),
        0,
      );
      expect(paidByCard).toBe(5000);
      expect(placed.length + refused.length).toBe(20);
      expect(placed.length).toBeGreaterThan(0);
      expect(await balanceCents(card.id)).toBe(0);
      const redeemed = await db()
        .select()
        .from(giftCardLedger)
        .where(and(eq(giftCardLedger.giftCardId, card.id), eq(giftCardLedger.kind, 'redemption')));
      expect(redeemed).toHaveLength(placed.length);
      expect(redeemed.reduce((sum, row) => sum - row.amountCents, 0)).toBe(5000);
    },
  );

  it.runIf(onPostgres)(
    'two delivery jobs at once send each due card exactly once (PostgreSQL)',
    async () => {
      const due = addDays(shopToday(), 2);
      const rows = Array.from({ length: 12 }, (_, index) => ({
        initialCents: 2500,
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        recipientName: `Friend ${index}`,
        recipientEmail: `twojobs${index}@example.com`,
        deliverOn: due,
      }));
      await db().insert(giftCards).values(rows);
      const later = new Date(Date.now() + 3 * 24 * 3600 * 1000);
      const [first, second] = await Promise.all([
        deliverDueCards(db(), shop, later, 2),
        deliverDueCards(db(), shop, later, 2),
      ]);
      expect(first.delivered + second.delivered).toBe(12);
      const mails = await db()
        .select({ to: outbox.to })
        .from(outbox)
        .where(and(eq(outbox.kind, 'giftcard.delivered'), sql`${outbox.to} like 'twojobs%'`));
      expect(mails).toHaveLength(12);
      expect(new Set(mails.map((mail) => mail.to)).size).toBe(12);
    },
  );
});
