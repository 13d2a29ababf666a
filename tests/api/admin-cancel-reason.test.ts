import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, users } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import { CANCEL_MESSAGES } from '../../core/admin/cancel-reason';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';
import { placeOrder, refundProbeSandbox, type RefundProbe } from './orders-history-helpers';

const probe: RefundProbe = { refunds: [], failNext: 0 };

/** Issue 25 point 2: the owner's cancel says why; a customer's cancel tells the shop. */
describe('the reason of a cancel, and who is told (issue 25)', () => {
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => refundProbeSandbox(api, probe),
  });
  const db = () => api.test.database.db;
  const shop = shopDetails();

  const mailsAbout = (to: string, kind: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
      .orderBy(asc(outbox.createdAt));
  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const cancelAs = (token: string, id: string, body: unknown) =>
    api.post(`/admin/orders/${id}/cancel`, body, bearer(token));

  it('emails the customer that the shop canceled it, why, and each refunded line; the order and its history keep the reason', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('shopcanceled');
    const order = await placeOrder(api, [mugLine(2), enamelLine(1)], { email });
    const response = await cancelAs(admin.token, order.id, { reason: 'out_of_stock' });
    expect(response.status, await response.clone().text()).toBe(200);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      shippingStatus: 'canceled',
      cancelReason: 'out_of_stock',
      cancelNote: null,
    });
    const [mail, ...more] = await mailsAbout(email, 'order.canceled');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your order ${order.number} is canceled`);
    expect(mail!.text).toContain(
      `${shop.siteName} canceled your order ${order.number} because an item in it is out of stock.`,
    );
    expect(mail!.text).not.toContain('as you asked');
    expect(mail!.text).toContain('2 × Cedar Ridge Stoneware Mug (Forest Green): $48.00');
    expect(mail!.text).toContain('1 × Campfire Enamel Mug: $19.00');
    expect(mail!.text).toContain(`Sales tax: $${(row.taxCents / 100).toFixed(2)}`);
    expect(mail!.text).toContain(`Total refunded: $${(row.totalCents / 100).toFixed(2)}`);
    // The shop is not told of its own cancel.
    expect(await mailsAbout(shop.shopEmail, 'order.canceled.shop')).toEqual([]);

    const detail = await api.get(`/admin/orders/${order.id}`, bearer(admin.token));
    const body = (await detail.json()) as {
      order: { cancelReason: string };
      history: { action: string; after: Record<string, unknown> }[];
    };
    expect(body.order.cancelReason).toBe('out_of_stock');
    expect(body.history).toEqual([
      expect.objectContaining({
        action: 'order.cancel',
        after: { status: 'canceled', reason: 'out_of_stock' },
      }),
    ]);
  });

  it('quotes the owner’s own words for "other", and keeps them on the order', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('othercanceled');
    const order = await placeOrder(api, [enamelLine(1)], { email });
    const note = 'The kiln broke; we cannot make\nthis batch before spring.';
    const response = await cancelAs(admin.token, order.id, { reason: 'other', note: ` ${note} ` });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ cancelReason: 'other', cancelNote: note });
    const [mail] = await mailsAbout(email, 'order.canceled');
    expect(mail!.text).toContain(`canceled your order ${order.number}, for this reason:`);
    expect(mail!.text).toContain('> The kiln broke; we cannot make\n> this batch before spring.');
    const audit = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.cancel')));
    expect(audit).toEqual([{ after: { status: 'canceled', reason: 'other', note } }]);
  });

  it('refuses a cancel without a reason, or "other" without words (or with too many), changing nothing', async () => {
    const admin = await signedInAdmin(api);
    const order = await placeOrder(api, [enamelLine(1)]);
    for (const body of [
      {},
      { reason: 'bored' },
      { reason: 'other' },
      { reason: 'other', note: '   ' },
      { reason: 'other', note: 'x'.repeat(501) },
      { reason: 'other', note: 'bell\u0007' },
    ]) {
      const refused = await cancelAs(admin.token, order.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const text = await refused.text();
      expect(
        text.includes(CANCEL_MESSAGES.reason) || text.includes(CANCEL_MESSAGES.note),
        text,
      ).toBe(true);
    }
    expect(await orderRow(order.id)).toMatchObject({
      shippingStatus: 'unfulfilled',
      cancelReason: null,
    });
    // 500 characters are enough.
    const done = await cancelAs(admin.token, order.id, { reason: 'other', note: 'y'.repeat(500) });
    expect(done.status).toBe(200);
  });

  it('a retried refund still tells the customer the shop canceled it', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('retrycanceled');
    const order = await placeOrder(api, [enamelLine(1)], { email });
    probe.failNext = 1;
    expect((await cancelAs(admin.token, order.id, { reason: 'cannot_ship' })).status).toBe(503);
    expect(await mailsAbout(email, 'order.canceled')).toEqual([]);
    const retried = await api.post(
      `/admin/orders/${order.id}/retry-refund`,
      {},
      bearer(admin.token),
    );
    expect(retried.status).toBe(200);
    const [mail] = await mailsAbout(email, 'order.canceled');
    expect(mail!.text).toContain('because we cannot ship to the address you gave.');
  });

  it("a customer's own cancel keeps its email, and the shop is mailed the order, items and refund", async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('selfcancel'));
    const session = await logIn(client, account);
    const order = await placeOrder(api, [mugLine(1)], {
      userId: await userIdOf(account.email),
      email: account.email,
    });
    const response = await api.post('/orders/cancel', { id: order.id }, bearer(session.token));
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await orderRow(order.id);
    expect(row.cancelReason).toBeNull();

    const [mail] = await mailsAbout(account.email, 'order.canceled');
    expect(mail!.text).toContain(`your order ${order.number} is canceled as you asked.`);
    const [forShop, ...more] = (await mailsAbout(shop.shopEmail, 'order.canceled.shop')).filter(
      (sent) => sent.subject.includes(`Order ${order.number} `),
    );
    expect(more).toEqual([]);
    expect(forShop!.replyTo).toBe(account.email);
    expect(forShop!.subject).toBe(
      `Order ${order.number} canceled by the customer: $${(row.totalCents / 100).toFixed(2)} refunded`,
    );
    expect(forShop!.text).toContain(`Order number: ${order.number}`);
    expect(forShop!.text).toContain(`<${account.email}>`);
    expect(forShop!.text).toContain('1 × Cedar Ridge Stoneware Mug (Forest Green): $24.00');
    expect(forShop!.text).toContain(`Total refunded: $${(row.totalCents / 100).toFixed(2)}`);
  });

  async function userIdOf(email: string) {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }
});
