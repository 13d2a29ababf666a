import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountUses, orderItems, orders, users } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import { closeOrder } from '../../api/modules/orders/close';
import { DISCOUNT_MESSAGES } from '../../core/discounts/model';
import { formatShopDay } from '../../core/arrival-format';
import { addDays } from '../../core/dates';
import { shopDayOf } from '../../core/shop-calendar';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine, photoLine, SEATTLE } from '../helpers/orders';
import { authClient, logIn, registerVerified } from './auth-helpers';
import { codeRow, insertCode, orderWithCode, quoteWith } from './discount-helpers';
import {
  cardLine,
  freshEmail,
  plentyOfMugs,
  recordingSandbox,
  type RefundLog,
} from './order-close-helpers';

/**
 * A discount code at checkout (issue 42), read from the rows the order wrote: the discount shared
 * over the lines to the cent, Washington's tax on the discounted lines, gift cards never
 * discounted, once per customer, and a closed order giving its use back once.
 */
describe('a discount code at checkout', () => {
  const log: RefundLog = { refunds: [] };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });
  const db = () => api.test.database.db;
  const linesOf = (orderId: string) =>
    db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
  const rowOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const place = async (...args: Parameters<typeof orderWithCode>) => {
    const answer = await (await orderWithCode(...args)).send();
    const body = await answer.json();
    expect(answer.status, JSON.stringify(body)).toBe(201);
    return body;
  };

  it('shares $10 off over three lines to the cent and taxes what is left of each', async () => {
    await plentyOfMugs(api);
    const code = await insertCode(db(), { kind: 'fixed', value: 1000 });
    const body = await place(
      api,
      [mugLine(1), enamelLine(1), photoLine()],
      code.code.toLowerCase(),
    );
    // 2400, 1900, 1500 (5800): exactly 413.79, 327.59, 258.62 → 413, 327, 258 and the two cents
    // left to the largest remainders (.79, .62).
    const lines = await linesOf(body.orderId);
    expect(lines.map((line) => line.discountCents)).toEqual([414, 327, 259]);
    // Tax on 1986 + 1573 + 1241 = 4800 at 10.35 %: 496.8 → 497, split over the lines.
    expect(lines.map((line) => line.taxCents)).toEqual([206, 163, 128]);
    const row = await rowOf(body.orderId);
    expect(row).toMatchObject({
      subtotalCents: 5800,
      discountCents: 1000,
      discountCode: code.code,
      discountCodeId: code.id,
      taxCents: 497,
      totalCents: 5800 - 1000 + 497,
    });
    expect(body.order.discount).toEqual({ code: code.code, amount: 10 });
    expect(body.order.items.map((item: { discount?: number }) => item.discount)).toEqual([
      4.14, 3.27, 2.59,
    ]);
    expect(body.order.total).toBe(52.97);
  });

  it('takes a category’s code off its lines only, and taxes the others whole', async () => {
    const code = await insertCode(db(), { categories: ['home'] });
    const quote = await quoteWith(api, [mugLine(1), photoLine()], code.code);
    expect(quote.status).toBe(200);
    const figures = await quote.json();
    // 10 % of the mug (Home) only; tax on 2160 + 1500 = 3660 → 378.81 → 379.
    expect(figures).toMatchObject({
      subtotal: 39,
      discount: { code: code.code, amount: 2.4 },
      tax: 3.79,
      total: 39 - 2.4 + 3.79,
    });
    expect(figures.items[0].discount).toBe(2.4);
    expect(figures.items[1].discount).toBeUndefined();
  });

  it('never discounts a gift card line, and leaves it untaxed', async () => {
    const code = await insertCode(db());
    const buyer = freshEmail('card-buyer');
    const body = await place(
      api,
      [cardLine(25, buyer, { fixed: true }), enamelLine(1)],
      code.code,
      buyer,
    );
    const lines = await linesOf(body.orderId);
    expect(lines.map((line) => [line.kind, line.discountCents, line.taxCents])).toEqual([
      ['gift_card', 0, 0],
      // 10 % of 1900; tax on 1710: 176.985 → 177.
      ['goods', 190, 177],
    ]);
    expect(await rowOf(body.orderId)).toMatchObject({
      discountCents: 190,
      totalCents: 4400 - 190 + 177,
    });
  });

  it('is once per customer by email for guests (any case), another email may use it', async () => {
    const code = await insertCode(db(), { oncePerCustomer: true });
    const email = freshEmail('once');
    await place(api, [enamelLine(1)], code.code, email);
    const again = await quoteWith(api, [enamelLine(1)], code.code, { email: email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: DISCOUNT_MESSAGES.alreadyUsed,
      fields: { discountCode: DISCOUNT_MESSAGES.alreadyUsed },
    });
    const second = await (
      await orderWithCode(api, [enamelLine(1)], code.code, email.toUpperCase())
    ).send();
    expect(second.status).toBe(400);
    expect((await second.json()).fields).toEqual({ discountCode: DISCOUNT_MESSAGES.alreadyUsed });
    await place(api, [enamelLine(1)], code.code, freshEmail('other'));
    expect((await codeRow(db(), code.id)).usesCount).toBe(2);
  });

  it('gives the use back once when the order is canceled, however often it is closed', async () => {
    const code = await insertCode(db(), { maxUses: 1 });
    const body = await place(api, [enamelLine(1)], code.code);
    const usedUp = await quoteWith(api, [enamelLine(1)], code.code);
    expect((await usedUp.json()).fields).toEqual({ discountCode: DISCOUNT_MESSAGES.usedUp });

    const token = new URL(body.order.statusUrl).searchParams.get('t')!;
    const canceled = await api.post(
      '/orders/guest/cancel',
      { id: body.orderId },
      { headers: { [ORDER_LINK_HEADER]: token } },
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    expect((await codeRow(db(), code.id)).usesCount).toBe(0);
    // A second close finds it closed: the use is not given back twice.
    const { gateway } = recordingSandbox(api, log).payments;
    const again = await closeOrder({ db: db(), gateway, shop: shopDetails() }, body.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
    });
    expect(again?.outcome).toBe('refused');
    expect((await codeRow(db(), code.id)).usesCount).toBe(0);

    // The code works again, once.
    await place(api, [enamelLine(1)], code.code);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
    const third = await quoteWith(api, [enamelLine(1)], code.code);
    expect(third.status).toBe(400);
  });

  it('gives the use back when the card is declined', async () => {
    const code = await insertCode(db(), { maxUses: 1 });
    const declined = await (
      await orderWithCode(
        api,
        [enamelLine(1)],
        code.code,
        freshEmail('declined'),
        '4000 0000 0000 0002',
      )
    ).send();
    expect(declined.status).toBe(402);
    const [row] = await db().select().from(orders).where(eq(orders.discountCodeId, code.id));
    expect(row!.shippingStatus).toBe('payment_failed');
    expect((await codeRow(db(), code.id)).usesCount).toBe(0);
    await place(api, [enamelLine(1)], code.code);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
  });
  it('is once per customer by account: a use by the account refuses it whatever the email', async () => {
    const code = await insertCode(db(), { oncePerCustomer: true });
    const client = authClient(api);
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const [user] = await db().select().from(users).where(eq(users.email, account.email));
    const asAccount = { headers: { authorization: `Bearer ${token}` } };
    const quote = () =>
      api.post(
        '/orders/quote',
        { items: [enamelLine(1)], shippingAddress: SEATTLE, discountCode: code.code },
        asAccount,
      );
    expect((await quote()).status).toBe(200);
    // A use of the account's under another email (its email changed since): still the account's.
    const other = await place(api, [enamelLine(1)], code.code, freshEmail('before'));
    await db()
      .update(discountUses)
      .set({ userId: user!.id })
      .where(eq(discountUses.orderId, other.orderId));
    const refused = await quote();
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({
      discountCode: DISCOUNT_MESSAGES.alreadyUsed,
    });
  });

  it('refuses a code that does not apply, with each reason’s sentence, through the quote', async () => {
    const refusal = async (discountCode: string, items = [enamelLine(1)]) => {
      const answer = await quoteWith(api, items, discountCode);
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { fields: Record<string, string> }).fields.discountCode;
    };
    const code = async (overrides: Parameters<typeof insertCode>[1]) =>
      (await insertCode(db(), overrides)).code;
    const today = shopDayOf(new Date());
    const tomorrow = addDays(today, 1);
    const yesterday = addDays(today, -1);
    expect(await refusal('NO-SUCH-CODE')).toBe(DISCOUNT_MESSAGES.unknown);
    expect(await refusal('a!')).toBe(DISCOUNT_MESSAGES.format);
    expect(await refusal(await code({ status: 'paused' }))).toBe(DISCOUNT_MESSAGES.paused);
    expect(await refusal(await code({ startsOn: tomorrow }))).toBe(
      DISCOUNT_MESSAGES.notStarted(formatShopDay(tomorrow)),
    );
    expect(await refusal(await code({ endsOn: yesterday }))).toBe(
      DISCOUNT_MESSAGES.ended(formatShopDay(yesterday)),
    );
    expect(await refusal(await code({ maxUses: 2, usesCount: 2 }))).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(await refusal(await code({ minSubtotalCents: 1901 }))).toBe(
      DISCOUNT_MESSAGES.minimum(1901),
    );
    expect(await refusal(await code({ categories: ['Pets'] }))).toBe(
      DISCOUNT_MESSAGES.nothingEligible,
    );
    // Its first and last day count, and the minimum is met by exactly the minimum.
    const open = await code({ startsOn: today, endsOn: today, minSubtotalCents: 1900 });
    expect((await quoteWith(api, [enamelLine(1)], open)).status).toBe(200);
  });
});
