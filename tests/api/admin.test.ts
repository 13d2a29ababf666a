import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, users } from '../../api/db/schema';
import { createOrPromoteAdmin } from '../../api/modules/admin/accounts';
import { ADMIN_MESSAGES } from '../../core/admin/model';
import { shopDetails } from '../../api/modules/mail/templates';
import { ADMIN_ONLY_MESSAGE } from '../../api/modules/auth/plugin';
import { seedProductId } from '../../api/db/seed';
import { useApi, type ApiHarness } from '../helpers/api';
import { SEATTLE } from '../helpers/orders';
import { customerAccount, paidOrder, returnRequestFor, signedInAdmin } from './admin-helpers';
import { shopDayOf } from '../../core/shop-calendar';
import { adminRoutes, callAdminRoute, unguardedAdminRoutes } from './admin-routes';
import { authClient, bearer, freshEmail, lastMail, logIn, registerVerified } from './auth-helpers';

async function auditRows(api: ApiHarness, orderId: string) {
  return api.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
}

describe('the back office API (issue 14)', () => {
  // Catalogue answers come from the in-memory read model, so set stock must update it.
  const api = useApi({ seed: true });

  it('refuses every admin route without a token (401) and with a customer token (403)', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    // Every /api/admin route of the app's own route table (issue 36), not a hand list.
    expect(adminRoutes(api.app).length).toBeGreaterThanOrEqual(38);
    expect(await unguardedAdminRoutes(api.app, customer.token)).toEqual([]);
  });

  it('answers whether the signed-in user is an admin: false for a customer (no 403), 401 signed out', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    expect((await api.get('/admin/access')).status).toBe(401);
    const asCustomer = await api.get('/admin/access', bearer(customer.token));
    expect(asCustomer.status).toBe(200);
    expect(await asCustomer.json()).toEqual({ admin: false });
    const admin = await signedInAdmin(api);
    const asAdmin = await api.get('/admin/access', bearer(admin.token));
    expect(await asAdmin.json()).toEqual({ admin: true });
  });

  it('lets an admin in, and refuses a demoted admin on the next request', async () => {
    const admin = await signedInAdmin(api);
    expect((await api.get('/admin/orders', bearer(admin.token))).status).toBe(200);
    await api.test.database.db
      .update(users)
      .set({ role: 'customer' })
      .where(eq(users.email, admin.email));
    for (const route of adminRoutes(api.app)) {
      const refused = await callAdminRoute(api.app, route, admin.token);
      expect(refused.status, route.name).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(ADMIN_ONLY_MESSAGE);
    }
  });

  it('admin:create promotes an existing customer and issues a single-use 60-minute link', async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('promoted'));
    const made = await createOrPromoteAdmin(api.test.database.db, shopDetails(), {
      email: account.email.toUpperCase(),
    });
    expect(made.outcome).toBe('promoted');
    expect(made.expiresInMinutes).toBe(60);
    expect(made.link).toMatch(/^http.*\/resetpassword\?token=.+&email=/);
    const [row] = await api.test.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    expect(row!.role).toBe('admin');
    const url = new URL(made.link);
    const body = {
      token: url.searchParams.get('token'),
      email: url.searchParams.get('email'),
      newPassword: 'another violet lantern',
    };
    expect((await api.post('/auth/reset-password', body)).status).toBe(200);
    expect((await api.post('/auth/reset-password', body)).status).toBe(400);
  });

  it('ships an order: the customer is emailed the tracking link, one audit row, a second ship refused', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('buyer');
    const orderId = await paidOrder(api, email);
    const shipped = await api.post(
      `/admin/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      bearer(admin.token),
    );
    expect(shipped.status, await shipped.clone().text()).toBe(200);
    const db = api.test.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.shippingStatus).toBe('shipped');
    expect(order).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const mail = await lastMail(api, email, 'order.shipped');
    expect(mail!.subject).toBe(`Order ${order!.number} has shipped`);
    expect(mail!.text).toContain('1Z999AA10123456784');
    expect(mail!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    let audit = await auditRows(api, orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.ship',
      actorEmail: admin.email,
      before: { status: 'unfulfilled' },
      after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });

    const again = await api.post(
      `/admin/orders/${orderId}/ship`,
      { carrier: 'USPS', trackingNumber: '9400111899223100000000' },
      bearer(admin.token),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.notUnfulfilled);
    expect(await auditRows(api, orderId)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, 'order.shipped'))),
    ).toHaveLength(1);

    const delivered = await api.post(`/admin/orders/${orderId}/deliver`, {}, bearer(admin.token));
    expect(delivered.status).toBe(200);
    const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.shippingStatus).toBe('delivered');
    expect(after!.deliveredAt).toBeInstanceOf(Date);
    audit = await auditRows(api, orderId);
    expect(audit.map((row) => row.action)).toEqual(['order.ship', 'order.deliver']);
    expect(
      (await api.post(`/admin/orders/${orderId}/deliver`, {}, bearer(admin.token))).status,
    ).toBe(409);
    expect(await auditRows(api, orderId)).toHaveLength(2);

    const detail = await api.get(`/admin/orders/${orderId}`, bearer(admin.token));
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      order: Record<string, unknown>;
      items: unknown[];
      payments: { reference: string }[];
      emails: { kind: string }[];
      history: { action: string }[];
      shipment: { carrier: string };
    };
    expect(body.order.status ?? body.order.shippingStatus).toBe('delivered');
    expect(body.order).not.toHaveProperty('chargeKey');
    expect(body.items).toHaveLength(1);
    expect(body.payments[0]!.reference).toBeTruthy();
    expect(body.emails.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['order.confirmed', 'order.shipped']),
    );
    expect(body.history.map((h) => h.action)).toEqual(['order.ship', 'order.deliver']);
  });

  it('refuses a ship without a carrier or with a bad tracking number, and writes nothing', async () => {
    const admin = await signedInAdmin(api);
    const orderId = await paidOrder(api);
    const bad = await api.post(
      `/admin/orders/${orderId}/ship`,
      { carrier: 'Pigeon', trackingNumber: '<script>' },
      bearer(admin.token),
    );
    expect(bad.status).toBe(400);
    expect(await auditRows(api, orderId)).toHaveLength(0);
  });

  it('lists unfulfilled first, oldest first; finds an order by number and by email', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('findme');
    const first = await paidOrder(api, email);
    await paidOrder(api);
    const list = await api.get('/admin/orders?status=all', bearer(admin.token));
    const body = (await list.json()) as {
      orders: { id: string; number: number; status: string; createdAt: string }[];
      total: number;
    };
    const statuses = body.orders.map((o) => o.status);
    const firstOther = statuses.findIndex((s) => s !== 'unfulfilled');
    if (firstOther >= 0) expect(statuses.slice(firstOther)).not.toContain('unfulfilled');
    const unfulfilled = body.orders.filter((o) => o.status === 'unfulfilled');
    const times = unfulfilled.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const byEmail = (await (
      await api.get(`/admin/orders?status=all&q=${encodeURIComponent(email)}`, bearer(admin.token))
    ).json()) as typeof body;
    expect(byEmail.orders.map((o) => o.id)).toEqual([first]);
    const number = byEmail.orders[0]!.number;
    const byNumber = (await (
      await api.get(`/admin/orders?status=all&q=${number}`, bearer(admin.token))
    ).json()) as typeof body;
    expect(byNumber.orders.map((o) => o.id)).toContain(first);
  });

  it("finds an order by the buyer's first, last or full name and by the parcel's (issue 39)", async () => {
    const admin = await signedInAdmin(api);
    const id = await paidOrder(api);
    await api.test.database.db
      .update(orders)
      .set({
        firstname: 'Zephyrine',
        lastname: 'Quillfeather',
        shippingAddress: { ...SEATTLE, firstname: 'Marisol', lastname: 'Thistlewood' },
      })
      .where(eq(orders.id, id));
    const found = async (q: string) =>
      (
        (await (
          await api.get(`/admin/orders?status=all&q=${encodeURIComponent(q)}`, bearer(admin.token))
        ).json()) as { orders: { id: string }[] }
      ).orders.map((o) => o.id);
    for (const q of ['zephyrine', 'Quillfeather', 'Zephyrine Quillfeather', 'marisol thistle']) {
      expect(await found(q), q).toEqual([id]);
    }
    expect(await found('Zephyrine Thistlewood')).toEqual([]);
  });

  it('the dashboard counts orders to ship and gives 30 days of orders and revenue', async () => {
    const admin = await signedInAdmin(api);
    await paidOrder(api);
    const [{ count }] = (await api.test.database.db
      .$count(orders, eq(orders.shippingStatus, 'unfulfilled'))
      .then((n) => [{ count: n }])) as [{ count: number }];
    const answer = await api.get('/admin/dashboard', bearer(admin.token));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      toShip: number;
      last30Days: { day: string; orders: number; revenueCents: number }[];
      lowStock: unknown[];
    };
    expect(body.toShip).toBe(count);
    expect(body.last30Days).toHaveLength(30);
    expect(body.last30Days.at(-1)!.orders).toBeGreaterThan(0);
    expect(body.last30Days.at(-1)!.revenueCents).toBeGreaterThan(0);
    // The shop's day (America/Los_Angeles), not the database's UTC date (issue 39 point 11).
    expect(body.last30Days.at(-1)!.day).toBe(shopDayOf(new Date()));
  });

  it('the dashboard counts the returns waiting for the owner (issue 39)', async () => {
    const admin = await signedInAdmin(api);
    const waiting = async () =>
      (
        (await (await api.get('/admin/dashboard', bearer(admin.token))).json()) as {
          returnsWaiting: number;
        }
      ).returnsWaiting;
    const before = await waiting();
    await returnRequestFor(api, await customerAccount(api));
    expect(await waiting()).toBe(before + 1);
  });

  it('set stock is reflected in /product/detail at once, with one audit row', async () => {
    const admin = await signedInAdmin(api);
    const id = seedProductId('campfire-enamel-mug');
    const detail = async () =>
      (await (await api.get(`/product/detail/${id}`)).json()) as {
        quantity: number;
        variants?: { sku: string; quantity: number }[];
      };
    // Read once, so a cached answer would be what a stale catalogue serves.
    const before = await detail();
    const sku = 'EG-MUG-ENAMEL';
    const target = before.quantity === 4 ? 5 : 4;
    const set = await api.post(
      '/admin/products/stock',
      { sku, quantity: target },
      bearer(admin.token),
    );
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await detail()).quantity).toBe(target);
    const list = (await (await api.get('/admin/products', bearer(admin.token))).json()) as {
      items: { sku: string; quantity: number | null }[];
    };
    expect(list.items.find((item) => item.sku === sku)?.quantity).toBe(target);
    // Sold out and low stock (5 or fewer) come first.
    const low = list.items.map((item) => item.quantity !== null && item.quantity <= 5);
    expect(low.indexOf(false) === -1 || !low.slice(low.indexOf(false)).includes(true)).toBe(true);
    const rows = await api.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.stock'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: admin.email,
      before: { sku, quantity: before.quantity },
      after: { sku, quantity: target },
    });
    for (const bad of [
      { sku, quantity: -1 },
      { sku, quantity: 1.5 },
      { sku: 'NO-SUCH-SKU', quantity: 1 },
    ]) {
      const refused = await api.post('/admin/products/stock', bad, bearer(admin.token));
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
    expect(
      await api.test.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'product.stock')),
    ).toHaveLength(1);
  });

  it('the inbox lists contact messages newest first and marks them read once', async () => {
    const admin = await signedInAdmin(api);
    const sent = await api.post('/contact/contact', {
      email: freshEmail('writer'),
      subject: 'Order question',
      message: 'Where is my parcel please?',
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { _id } = (await sent.json()) as { _id: string };
    const list = async () =>
      (await (await api.get('/admin/inbox', bearer(admin.token))).json()) as {
        items: { id: string; unread: boolean }[];
      };
    expect((await list()).items[0]).toMatchObject({ id: _id, unread: true });
    const read = await api.post(`/admin/inbox/contact/${_id}/read`, {}, bearer(admin.token));
    expect(read.status).toBe(200);
    await api.post(`/admin/inbox/contact/${_id}/read`, {}, bearer(admin.token));
    expect((await list()).items[0]).toMatchObject({ id: _id, unread: false });
  });
});
