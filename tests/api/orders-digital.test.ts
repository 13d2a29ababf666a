import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downloadGrants, orders, payments, users } from '../../api/db/schema';
import type { HistoryOrder } from '../../core/orders/history-model';
import { ORDER_MESSAGES, type OrderConfirmed } from '../../core/orders/model';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  GUEST,
  guestOrder,
  mugLine,
  photoLine,
  PORTLAND,
  sandboxToken,
  SEATTLE,
  type Line,
} from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

/**
 * Issue 24 point 3 (DECISIONS "Digital-only orders"): digital items only need no shipping address,
 * are taxed from the billing address, are delivered when paid, are never among the orders to ship,
 * and can be canceled only until a file is downloaded. A mixed order still needs its shipping
 * address.
 */
describe('digital-only orders', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;
  let placed = 0;

  /** The review page's figures and order for these lines billed to `billing`, with no shipping. */
  async function shippingLessOrder(items: Line[], billing = SEATTLE, email?: string) {
    const { token } = await sandboxToken(api);
    const contact = { ...GUEST, email: email ?? `digital.${++placed}@example.com` };
    const order = await guestOrder(api, items, token, null, contact, billing);
    return { figures: order, order };
  }

  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('is accepted without a shipping address, taxed from the billing address, delivered when paid', async () => {
    const seattle = await shippingLessOrder([photoLine()], SEATTLE);
    // Washington collects tax; Oregon does not: the rate follows the billing address.
    expect(seattle.figures.salesTax).toBeGreaterThan(0);
    const portland = await shippingLessOrder([photoLine()], PORTLAND);
    expect(portland.figures.salesTax).toBe(0);

    const response = await confirm(api, seattle.order);
    expect(response.status, await response.clone().text()).toBe(201);
    const { orderId, order } = (await response.json()) as OrderConfirmed;
    expect(order.shippingAddress).toBeNull();
    expect(order.shippingStatus).toBe('delivered');
    expect(order.downloads).toHaveLength(1);

    const row = await rowOf(orderId);
    expect(row.shippingAddress).toBeNull();
    expect(row.billingAddress).toMatchObject({ state: 'WA', zipcode: SEATTLE.zipcode });
    expect(row.shippingStatus).toBe('delivered');
    expect(row.paymentStatus).toBe('paid');
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.taxRate).toBe(seattle.figures.salesTax);
    expect(row.taxCents).toBe(Math.round(1500 * seattle.figures.salesTax));
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(charge!.amountCents).toBe(row.totalCents);
  });

  it('an order with an item to ship is refused without a shipping address, and nothing is charged', async () => {
    const quote = await api.post('/orders/quote', {
      items: [photoLine(), mugLine(1)],
      shippingAddress: null,
      billingAddress: SEATTLE,
    });
    expect(quote.status).toBe(400);
    expect(((await quote.json()) as { error: string }).error).toBe(ORDER_MESSAGES.shippingRequired);

    // The figures of the same lines shipped, sent without the shipping address.
    const shipped = await api.post('/orders/quote', {
      items: [photoLine(), mugLine(1)],
      shippingAddress: SEATTLE,
    });
    const figures = (await shipped.json()) as { subtotal: number; salesTax: number; total: number };
    const { order } = await shippingLessOrder([photoLine()], SEATTLE, 'mixed@example.com');
    const before = await db().select().from(orders);
    const response = await confirm(api, {
      ...order,
      items: [photoLine(), mugLine(1)],
      ...figures,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      ORDER_MESSAGES.shippingRequired,
    );
    expect(await db().select().from(orders)).toHaveLength(before.length);

    // With its shipping address, the mixed order ships as before.
    const withAddress = await confirm(api, {
      ...order,
      shippingAddress: SEATTLE,
      items: [photoLine(), mugLine(1)],
      ...figures,
    });
    expect(withAddress.status).toBe(201);
    const { orderId } = (await withAddress.json()) as OrderConfirmed;
    expect((await rowOf(orderId)).shippingStatus).toBe('unfulfilled');
  });

  it('is never among the orders to ship in the back office', async () => {
    const admin = await signedInAdmin(api);
    const { order } = await shippingLessOrder([photoLine()], SEATTLE, 'notparcel@example.com');
    const response = await confirm(api, order);
    const { orderId } = (await response.json()) as OrderConfirmed;
    const listed = async (status: string) => {
      const list = await api.get(`/admin/orders?status=${status}`, bearer(admin.token));
      expect(list.status).toBe(200);
      const body = (await list.json()) as { orders: { id: string }[] };
      return body.orders.map((entry) => entry.id);
    };
    expect(await listed('unfulfilled')).not.toContain(orderId);
    expect(await listed('open')).not.toContain(orderId);
    expect(await listed('delivered')).toContain(orderId);

    // Even paid late (a payment still settling when placed): never waiting to be shipped.
    await db().update(orders).set({ shippingStatus: 'unfulfilled' }).where(eq(orders.id, orderId));
    expect(await listed('unfulfilled')).not.toContain(orderId);
    expect(await listed('open')).not.toContain(orderId);
  });

  it('can be canceled (and refunded) before a download; after one it is not offered and refused', async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('digital'));
    const session = await logIn(client, account);
    const [owner] = await db().select().from(users).where(eq(users.email, account.email));

    async function ownDigitalOrder() {
      const { order } = await shippingLessOrder([photoLine()], PORTLAND);
      const response = await confirm(api, order);
      const body = (await response.json()) as OrderConfirmed;
      await db()
        .update(orders)
        .set({ userId: owner!.id, isGuest: false })
        .where(eq(orders.id, body.orderId));
      return body;
    }
    const history = async () => {
      const response = await api.get('/orders/orders', bearer(session.token));
      return (await response.json()) as HistoryOrder[];
    };

    // Before any download: offered, and the cancel refunds it.
    const first = await ownDigitalOrder();
    const listedFirst = (await history()).find((entry) => entry._id === first.orderId)!;
    expect(listedFirst.shippingStatus).toBe('delivered');
    expect(listedFirst.shippingAddress).toBeNull();
    expect(listedFirst.canCancel).toBe(true);
    const canceled = await api.post('/orders/cancel', { id: first.orderId }, bearer(session.token));
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    expect(await rowOf(first.orderId)).toMatchObject({
      shippingStatus: 'canceled',
      paymentStatus: 'refunded',
    });

    // After one download: not offered, and refused with nothing changed.
    const second = await ownDigitalOrder();
    const path = new URL(second.order.downloads![0]!.url).pathname.replace(/^\/api/, '');
    const download = await api.get(path);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const [grant] = await db()
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, second.orderId));
    expect(grant!.uses).toBe(1);
    const listedSecond = (await history()).find((entry) => entry._id === second.orderId)!;
    expect(listedSecond.canCancel).toBe(false);
    const refused = await api.post('/orders/cancel', { id: second.orderId }, bearer(session.token));
    expect(refused.status).toBe(409);
    expect(await rowOf(second.orderId)).toMatchObject({
      shippingStatus: 'delivered',
      paymentStatus: 'paid',
    });
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, second.orderId));
    expect(charge!.status).toBe('paid');
  });
});
