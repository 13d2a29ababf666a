import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outbox } from '../../api/db/schema';
import { useApi } from '../helpers/api';
import { customerAccount, paidOrder, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { afterAnswersSettled } from '../../api/modules/auth/links';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';

/**
 * The owner marks a shipped order delivered: the buyer gets one `order.delivered` email naming the
 * last day a return can be started (14 days after delivery, a shop day) and where to start it —
 * the account's orders, or a guest's signed order page. Written following docs/recipes/email.md.
 */
describe('the delivered email (docs/recipes/email.md, followed once)', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;

  async function delivered(orderId: string) {
    const owner = await signedInAdmin(api);
    const auth = bearer(owner.token);
    const ship = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect((await api.post(`/admin/orders/${orderId}/ship`, ship, auth)).status).toBe(200);
    const answer = await api.post(`/admin/orders/${orderId}/deliver`, {}, auth);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const again = await api.post(`/admin/orders/${orderId}/deliver`, {}, auth);
    expect(again.status).toBe(409);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    await afterAnswersSettled();
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, order!.email), eq(outbox.kind, 'order.delivered')));
    return { order: order!, mails };
  }

  /** The day 14 × 24 hours after delivery, as a Seattle calendar writes it ("Dec 12"). */
  const returnBy = (deliveredAt: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      month: 'short',
      day: 'numeric',
    }).format(new Date(deliveredAt.getTime() + 14 * 86_400_000));

  it("a guest's: once, with the return's last day and the order's signed page", async () => {
    const { order, mails } = await delivered(await paidOrder(api));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Order ${order.number} was delivered`);
    expect(mail!.text).toContain(`Hello ${order.firstname}, your order has been delivered.`);
    expect(mail!.text).toContain(`you can start a return until ${returnBy(order.deliveredAt!)}`);
    expect(mail!.text).toMatch(/\/orderstatus\?t=[\w.-]+/);
    expect(mail!.text).not.toMatch(/\/orders\b(?!tatus)/);
    expect(mail!.html).toContain(`Order ${order.number} was delivered`);
    // The signed link (id.expiry.signature, before the sentence's full stop) opens this order.
    const token = /\/orderstatus\?t=([\w-]+\.\d+\.[\w-]+)/.exec(mail!.text)![1]!;
    const page = await api.get('/orders/guest', { headers: { [ORDER_LINK_HEADER]: token } });
    expect(page.status, mail!.text).toBe(200);
    expect(((await page.json()) as { order: { _id: string } }).order._id).toBe(order.id);
  });

  it("a customer's: the account's orders page, no signed link", async () => {
    const customer = await customerAccount(api);
    const orderId = await paidOrder(api, customer.email);
    await db().update(orders).set({ userId: customer.id }).where(eq(orders.id, orderId));
    const { order, mails } = await delivered(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`until ${returnBy(order.deliveredAt!)}`);
    expect(mails[0]!.text).toMatch(/https?:\/\/\S+\/orders\b(?!tatus)/);
    expect(mails[0]!.text).not.toContain('/orderstatus');
  });
});
