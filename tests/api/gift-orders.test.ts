import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outbox, users } from '../../api/db/schema';
import {
  clearGiftRecipientEmails,
  GIFT_RECIPIENT_KEEP_DAYS,
} from '../../api/modules/jobs/gift-recipients';
import { runHousekeeping } from '../../api/modules/jobs/housekeeping';
import { markDelivered } from '../../api/modules/orders/fulfilment';
import { trackingUrl } from '../../core/admin/model';
import { GIFT_MESSAGES, GIFT_TEXT } from '../../core/orders/gift';
import type { HistoryOrder } from '../../core/orders/history-model';
import type { OrderConfirmed } from '../../core/orders/model';
import type { SavedAddressDto } from '../../core/user/addresses-model';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, mugLine, photoLine, sandboxToken } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

/** Issue 26 items 1 and 2: a name on every parcel, and "This is a gift". */
describe('gift orders and recipient names (issue 26)', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  const SPOKANE = {
    firstname: 'Grace',
    lastname: "O'Hara-Smith",
    line1: '808 W Spokane Falls Blvd',
    line2: '',
    city: 'Spokane',
    state: 'WA',
    zipcode: '99201',
  };
  const MESSAGE = 'Happy birthday, Mum!\nLove from Seattle.';

  async function giftOrder(
    gift: unknown,
    contact = { ...GUEST, email: freshEmail('giver') },
    address: object = SPOKANE,
  ) {
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(1)], token, address as typeof SPOKANE, contact);
    return { ...order, gift };
  }
  async function placed(body: unknown) {
    const response = await confirm(api, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as OrderConfirmed;
  }
  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsOfKind = (kind: string, to?: string) =>
    db()
      .select()
      .from(outbox)
      .where(to ? and(eq(outbox.kind, kind), eq(outbox.to, to)) : eq(outbox.kind, kind))
      .orderBy(asc(outbox.createdAt));
  async function ship(id: string, token: string, trackingNumber = '9400 1000 0000 0000 0000 01') {
    return api.post(`/admin/orders/${id}/ship`, { carrier: 'USPS', trackingNumber }, bearer(token));
  }

  it('refuses a gift message over 300 characters or with a control character, writing nothing', async () => {
    for (const [message, error] of [
      ['a'.repeat(301), GIFT_MESSAGES.tooLong],
      ['Happy\tbirthday', GIFT_MESSAGES.control],
      ['Happy\u0000birthday', GIFT_MESSAGES.control],
    ] as const) {
      const before = await db().select({ id: orders.id }).from(orders);
      const response = await confirm(api, await giftOrder({ message }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(error);
      expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    }
  });

  it('refuses a gift when nothing ships', async () => {
    const { token } = await sandboxToken(api);
    const quote = await api.post('/orders/quote', {
      items: [photoLine()],
      billingAddress: SPOKANE,
    });
    const figures = (await quote.json()) as { subtotal: number; salesTax: number; total: number };
    const response = await confirm(api, {
      shippingAddress: null,
      billingAddress: SPOKANE,
      billingInfo: { paymentMethodId: token },
      items: [photoLine()],
      ...figures,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: { ...GUEST, email: freshEmail('digital') },
      gift: { message: 'Hi' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(GIFT_MESSAGES.needsShipping);
  });

  it('stores the recipient’s name and the gift, answers and emails them to the buyer', async () => {
    const contact = { ...GUEST, email: freshEmail('giver') };
    const body = await placed(
      await giftOrder(
        {
          message: `  ${MESSAGE.replace('\n', '\r\n')} `,
          hidePrices: true,
          recipientEmail: 'Grace@Example.com',
        },
        contact,
      ),
    );
    const row = await orderRow(body.orderId);
    expect(row.shippingAddress).toMatchObject({ firstname: 'Grace', lastname: "O'Hara-Smith" });
    expect(row).toMatchObject({
      firstname: GUEST.firstname,
      giftMessage: MESSAGE,
      giftHidePrices: true,
      giftRecipientEmail: 'grace@example.com',
    });
    expect(body.order.gift).toEqual({
      message: MESSAGE,
      hidePrices: true,
      recipientEmail: 'grace@example.com',
    });
    expect(body.order.shippingAddress).toMatchObject({ firstname: 'Grace' });

    const [confirmation] = await mailsOfKind('order.confirmed', contact.email);
    expect(confirmation!.text).toContain("Grace O'Hara-Smith");
    expect(confirmation!.text).toContain(GIFT_TEXT.badge);
    expect(confirmation!.text).toContain('Happy birthday, Mum!');
    expect(confirmation!.text).toContain('Love from Seattle.');
    expect(confirmation!.text).toContain(GIFT_TEXT.pricesHidden);
    // No email to the recipient before the parcel ships.
    expect(await mailsOfKind('order.gift-shipped', 'grace@example.com')).toEqual([]);
  });

  it('takes the buyer’s name for a shipping address sent without one; a plain order is no gift', async () => {
    const contact = { ...GUEST, email: freshEmail('plain') };
    const { firstname: _f, lastname: _l, ...unnamed } = SPOKANE;
    const body = await placed(await giftOrder(undefined, contact, unnamed));
    const row = await orderRow(body.orderId);
    expect(row.shippingAddress).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
    expect(row.giftMessage).toBeNull();
    expect(body.order.gift).toBeNull();
  });

  it('emails the recipient once when shipped: the buyer’s first name, carrier, tracking link, no price', async () => {
    const owner = await signedInAdmin(api);
    const recipient = freshEmail('recipient');
    const body = await placed(await giftOrder({ message: MESSAGE, recipientEmail: recipient }));
    expect((await ship(body.orderId, owner.token)).status).toBe(200);
    // Shipping it again is refused, and sends nothing more.
    expect((await ship(body.orderId, owner.token)).status).toBe(409);

    const mails = await mailsOfKind('order.gift-shipped', recipient);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(GIFT_TEXT.shippedSubject('Ada'));
    const link = trackingUrl('USPS', '9400 1000 0000 0000 0000 01');
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail!.text).toContain('Carrier: USPS');
    expect(mail!.text).toContain('Hello Grace,');
    // React's `<!--$-->` markers are not prices: the html is read without its comments.
    const html = (mail!.html ?? '').replace(/<!--[\s\S]*?-->/g, '');
    expect(html).toContain('Hello Grace,');
    for (const part of [mail!.text, html, mail!.subject]) {
      expect(part).not.toContain('$');
      expect(part).not.toContain('Lovelace');
      expect(part).not.toContain(MESSAGE.split('\n')[0]!);
    }
    // The buyer has their own shipped email as before; a guest's links the order's own signed
    // page, not an account's /orders they do not have (issue 39).
    const buyerMails = await mailsOfKind('order.shipped', (await orderRow(body.orderId)).email);
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]!.text).toMatch(/\/orderstatus\?t=[\w.-]+/);
    expect(buyerMails[0]!.text).not.toMatch(/\/orders\b(?!tatus)/);

    const detail = await api.get(`/admin/orders/${body.orderId}`, bearer(owner.token));
    const seen = (await detail.json()) as {
      order: { giftMessage: string; shippingAddress: { firstname: string; lastname: string } };
    };
    expect(seen.order.giftMessage).toBe(MESSAGE);
    expect(seen.order.shippingAddress).toMatchObject({ firstname: 'Grace' });
  });

  it('five owners shipping one gift at once: one wins, one recipient email (run on PostgreSQL too)', async () => {
    const owner = await signedInAdmin(api);
    const recipient = freshEmail('race');
    const body = await placed(await giftOrder({ message: MESSAGE, recipientEmail: recipient }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ship(body.orderId, owner.token, `9400 1000 0000 0000 0000 1${i}`),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const mails = await mailsOfKind('order.gift-shipped', recipient);
    expect(mails).toHaveLength(1);
    const row = await orderRow(body.orderId);
    expect(mails[0]!.text).toContain(trackingUrl('USPS', row.trackingNumber!));
  });

  it('sends no recipient email for a gift without one, nor for a plain order', async () => {
    const owner = await signedInAdmin(api);
    const before = (await mailsOfKind('order.gift-shipped')).length;
    const gift = await placed(await giftOrder({ message: MESSAGE }));
    const plain = await placed(await giftOrder(null));
    expect((await ship(gift.orderId, owner.token)).status).toBe(200);
    expect((await ship(plain.orderId, owner.token)).status).toBe(200);
    expect(await mailsOfKind('order.gift-shipped')).toHaveLength(before);
  });

  it('clears the recipient’s email 30 days after delivery, not a moment before (clock injected)', async () => {
    const owner = await signedInAdmin(api);
    const recipient = freshEmail('forget');
    const body = await placed(await giftOrder({ message: MESSAGE, recipientEmail: recipient }));
    expect((await ship(body.orderId, owner.token)).status).toBe(200);
    const deliveredAt = new Date('2026-03-01T12:00:00Z');
    expect(await markDelivered(db(), body.orderId, deliveredAt)).toBeDefined();
    // Another gift, shipped and not delivered yet: kept until 60 days after shipping (issue 36).
    const waiting = await placed(
      await giftOrder({ message: MESSAGE, recipientEmail: freshEmail('waiting') }),
    );
    expect((await ship(waiting.orderId, owner.token)).status).toBe(200);

    const day = 86_400_000;
    const dueAt = new Date(deliveredAt.getTime() + GIFT_RECIPIENT_KEEP_DAYS * day);
    expect(await clearGiftRecipientEmails(db(), new Date(dueAt.getTime() - 1000))).toBe(0);
    expect((await orderRow(body.orderId)).giftRecipientEmail).toBe(recipient);

    const round = await runHousekeeping(db(), undefined, dueAt);
    expect(round.giftRecipientEmails).toBe(1);
    const row = await orderRow(body.orderId);
    expect(row.giftRecipientEmail).toBeNull();
    // The gift itself stays: only the address goes.
    expect(row.giftMessage).toBe(MESSAGE);
    expect((await orderRow(waiting.orderId)).giftRecipientEmail).not.toBeNull();
    expect(await clearGiftRecipientEmails(db(), new Date(Date.now() + 29 * day))).toBe(0);
    expect((await orderRow(waiting.orderId)).giftRecipientEmail).not.toBeNull();
  });

  it('a customer’s saved address keeps its recipient; their history shows the name and the gift', async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('saver'));
    const session = await logIn(client, account);
    const auth = bearer(session.token);

    const added = await api.post('/user/addAddress', SPOKANE, auth);
    expect(added.status, await added.clone().text()).toBe(201);
    const { firstname: _f, lastname: _l, ...unnamed } = { ...SPOKANE, line1: '1 Main St' };
    expect((await api.post('/user/addAddress', unnamed, auth)).status).toBe(201);
    const bad = await api.post('/user/addAddress', { ...SPOKANE, firstname: 'G<r>ace' }, auth);
    expect(bad.status).toBe(400);
    const book = (await (await api.get('/user/addresses', auth)).json()) as SavedAddressDto[];
    expect(book.map(({ firstname, lastname, line1 }) => ({ firstname, lastname, line1 }))).toEqual([
      { firstname: 'Grace', lastname: "O'Hara-Smith", line1: SPOKANE.line1 },
      // Without a name, the account holder's (registerVerified names them Ann Lee).
      { firstname: 'Ann', lastname: 'Lee', line1: '1 Main St' },
    ]);

    // The customer's own order (signed in: the account's contact), a gift to Grace.
    const { token } = await sandboxToken(api);
    const order = await giftOrder({ message: MESSAGE });
    const response = await api.post(
      '/orders/orderconfirmation',
      {
        ...order,
        isGuest: false,
        guestContact: undefined,
        billingInfo: { paymentMethodId: token },
      },
      bearer(session.token, { 'idempotency-key': crypto.randomUUID() }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const [user] = await db().select().from(users).where(eq(users.email, account.email));
    const history = (await (await api.get('/orders/orders', auth)).json()) as HistoryOrder[];
    expect(history).toHaveLength(1);
    expect(history[0]!.shippingAddress).toMatchObject({
      firstname: 'Grace',
      lastname: "O'Hara-Smith",
    });
    expect(history[0]!.gift).toEqual({ message: MESSAGE, hidePrices: false, recipientEmail: null });
    expect((await orderRow(history[0]!._id)).userId).toBe(user!.id);
  });
});
