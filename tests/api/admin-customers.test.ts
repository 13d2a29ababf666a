import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, payments, savedCards, userAddresses, users } from '../../api/db/schema';
import { CUSTOMER_MESSAGES } from '../../core/admin/customers';
import { shopDayOf } from '../../core/shop-calendar';
import { useApi } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, PASSWORD } from './auth-helpers';
import { placeOrder } from './orders-history-helpers';

interface Summary {
  kind: 'customer' | 'guest';
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  emailVerified: boolean;
  orderCount: number;
  spentCents: number;
  lastOrderAt: string | null;
  lastOrderDay: string | null;
}

/**
 * Issue 25 point 7: the back office's customers, with figures computed from their real orders
 * (count of paid orders, total spent net of refunds, last order), a customer's page with their
 * orders, addresses and cards as brand and last four only, each read of it audited.
 */
describe('the customer list and a customer page', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;

  const list = async (token: string, q: string) => {
    const response = await api.get(`/admin/customers?${new URLSearchParams({ q })}`, bearer(token));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { customers: Summary[]; total: number; pageSize: number };
  };
  const paidOf = async (orderId: string) => {
    const [row] = await db()
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    return row!.amountCents;
  };

  it('counts paid orders, adds up what they paid less what was refunded, and names the last order', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const quiet = await customerAccount(api);

    // A delivered order refunded in part after a return, a paid order, one canceled by the shop
    // (paid, then refunded in full), and one never paid (not counted).
    const returned = await returnRequestFor(api, customer, [mugLine(2), enamelLine(1)]);
    const mug = returned.items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!;
    for (const step of ['approve', 'receive']) {
      const moved = await api.post(
        `/admin/returns/${returned.requestId}/${step}`,
        {},
        bearer(admin.token),
      );
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    const refunded = await api.post(
      `/admin/returns/${returned.requestId}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: mug.id, quantity: 1 }] },
      bearer(admin.token),
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const { amountCents: refundCents } = (await refunded.json()) as { amountCents: number };
    expect(refundCents).toBeGreaterThan(0);

    const canceled = await placeOrder(api, [mugLine(1)], {
      userId: customer.id,
      email: customer.email,
    });
    const cancel = await api.post(
      `/admin/orders/${canceled.id}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);

    const unpaid = await placeOrder(api, [mugLine(1)], {
      userId: customer.id,
      email: customer.email,
    });
    await db()
      .update(orders)
      .set({ shippingStatus: 'pending_payment', createdAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, unpaid.id));

    const kept = await placeOrder(api, [enamelLine(2)], {
      userId: customer.id,
      email: customer.email,
    });
    const [keptRow] = await db().select().from(orders).where(eq(orders.id, kept.id));

    // The canceled order was paid, then refunded in full: it does not stand (countsAsRevenue).
    const expected = (await paidOf(returned.order.id)) - refundCents + (await paidOf(kept.id));
    const { customers } = await list(admin.token, customer.email);
    expect(customers).toEqual([
      expect.objectContaining({
        kind: 'customer',
        id: customer.id,
        email: customer.email,
        emailVerified: true,
        orderCount: 2,
        spentCents: expected,
        lastOrderDay: shopDayOf(keptRow!.createdAt),
      }),
    ]);
    expect(new Date(customers[0]!.lastOrderAt!).getTime()).toBe(keptRow!.createdAt.getTime());

    // The same figures as the orders list's net, order by order.
    const ordersList = await api.get(
      `/admin/orders?${new URLSearchParams({ status: 'all', q: customer.email })}`,
      bearer(admin.token),
    );
    const { orders: listed } = (await ordersList.json()) as { orders: { netCents: number }[] };
    expect(listed.reduce((sum, order) => sum + order.netCents, 0)).toBe(expected);

    const none = await list(admin.token, quiet.email);
    expect(none.customers).toEqual([
      expect.objectContaining({ id: quiet.id, orderCount: 0, spentCents: 0, lastOrderAt: null }),
    ]);
  });

  it('lists a guest once per email, found by surname, first name, full name or email; their page shows their orders', async () => {
    const admin = await signedInAdmin(api);
    const email = `wren.tamarack.${Date.now().toString(36)}@example.com`;
    const named = async (order: { id: string }, firstname: string, lastname: string) =>
      db().update(orders).set({ firstname, lastname }).where(eq(orders.id, order.id));
    const first = await placeOrder(api, [enamelLine(1)], { email });
    await named(first, 'Wren', 'Tamarack');
    // The same guest, the email typed in capitals.
    const second = await placeOrder(api, [mugLine(1)], { email: email.toUpperCase() });
    await named(second, 'Wren', 'Tamarack');
    const canceled = await placeOrder(api, [mugLine(1)], { email });
    await named(canceled, 'Wren', 'Tamarack');
    const cancel = await api.post(
      `/admin/orders/${canceled.id}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const latest = await placeOrder(api, [enamelLine(1)], { email });
    await named(latest, 'Wrenna', 'Tamarack');
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() + 120_000) })
      .where(eq(orders.id, latest.id));
    const [latestRow] = await db().select().from(orders).where(eq(orders.id, latest.id));
    const spent = (await paidOf(first.id)) + (await paidOf(second.id)) + (await paidOf(latest.id));

    const byLastName = await list(admin.token, 'tamarack');
    expect(byLastName.customers).toEqual([
      {
        kind: 'guest',
        id: latest.id,
        email,
        firstname: 'Wrenna',
        lastname: 'Tamarack',
        emailVerified: false,
        createdAt: expect.any(String),
        orderCount: 3,
        spentCents: spent,
        lastOrderAt: expect.any(String),
        lastOrderDay: shopDayOf(latestRow!.createdAt),
      },
    ]);
    expect(byLastName.total).toBe(1);
    for (const q of ['Wren', 'wren tamarack', 'Wrenna Tamarack', email.slice(0, 14)]) {
      expect(
        (await list(admin.token, q)).customers.map((row) => row.id),
        q,
      ).toContain(latest.id);
    }

    const page = await api.get(`/admin/customers/guests/${first.id}`, bearer(admin.token));
    expect(page.status, await page.clone().text()).toBe(200);
    const body = (await page.json()) as { customer: Summary; orders: { id: string }[] };
    expect(body.customer).toMatchObject({ kind: 'guest', id: latest.id, orderCount: 3 });
    expect(body.orders.map((order) => order.id)).toEqual([
      latest.id,
      canceled.id,
      second.id,
      first.id,
    ]);
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'guest'), eq(auditLog.entityId, first.id)));
    expect(reads).toMatchObject([{ action: 'customer.view', actorEmail: admin.email }]);
  });

  it("a verified account's guest orders count on the account; before verification they stay a guest's", async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    await db()
      .update(users)
      .set({ firstname: 'Linnea', lastname: 'Brackenridge' })
      .where(eq(users.id, customer.id));
    const signedIn = await placeOrder(api, [enamelLine(1)], {
      userId: customer.id,
      email: customer.email,
    });
    const asGuest = await placeOrder(api, [enamelLine(1)], { email: customer.email });
    await db()
      .update(orders)
      .set({ firstname: 'Linnea', lastname: 'Brackenridge' })
      .where(eq(orders.id, asGuest.id));

    const verified = await list(admin.token, 'brackenridge');
    expect(verified.customers).toEqual([
      expect.objectContaining({ kind: 'customer', id: customer.id, orderCount: 2 }),
    ]);
    expect(verified.customers[0]!.spentCents).toBe(
      (await paidOf(signedIn.id)) + (await paidOf(asGuest.id)),
    );
    expect(
      (await api.get(`/admin/customers/guests/${asGuest.id}`, bearer(admin.token))).status,
    ).toBe(404);

    await db().update(users).set({ emailVerified: false }).where(eq(users.id, customer.id));
    const unverified = await list(admin.token, 'brackenridge');
    expect(unverified.customers.map((row) => [row.kind, row.id, row.orderCount])).toEqual(
      expect.arrayContaining([
        ['customer', customer.id, 1],
        ['guest', asGuest.id, 1],
      ]),
    );
    expect(unverified.total).toBe(2);
    // An account's own order is no guest's page.
    expect(
      (await api.get(`/admin/customers/guests/${signedIn.id}`, bearer(admin.token))).status,
    ).toBe(404);
  });

  it('searches by name or email, shows verification, and leaves the owner out', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    await db()
      .update(users)
      .set({ firstname: 'Juniper', lastname: 'Quillfeather', emailVerified: false })
      .where(eq(users.id, customer.id));
    const byName = await list(admin.token, 'juniper quillfeather');
    expect(byName.customers.map((row) => [row.id, row.emailVerified])).toEqual([
      [customer.id, false],
    ]);
    expect((await list(admin.token, 'quillf')).customers).toHaveLength(1);
    expect((await list(admin.token, admin.email)).customers).toEqual([]);
    // "%" is a letter to search for, not a wildcard.
    expect((await list(admin.token, '%')).customers).toEqual([]);
    const paged = await api.get('/admin/customers?page=0', bearer(admin.token));
    expect(paged.status).toBe(400);
  });

  it("a customer's page: orders, addresses, cards as brand and last four only; each read audited", async () => {
    const admin = await signedInAdmin(api);
    const [adminRow] = await db().select().from(users).where(eq(users.email, admin.email));
    const customer = await customerAccount(api);
    const order = await placeOrder(api, [mugLine(1)], {
      userId: customer.id,
      email: customer.email,
    });
    await db().insert(userAddresses).values({
      userId: customer.id,
      line1: '400 Pine St',
      city: 'Seattle',
      state: 'WA',
      zipcode: '98101',
    });
    await db().insert(savedCards).values({
      userId: customer.id,
      provider: 'sandbox',
      methodRef: 'pm_sandbox_secret_reference',
      brand: 'visa',
      last4: '4242',
      expMonth: 11,
      expYear: 2031,
    });

    for (let read = 1; read <= 2; read++) {
      const response = await api.get(`/admin/customers/${customer.id}`, bearer(admin.token));
      expect(response.status).toBe(200);
      const raw = await response.text();
      expect(raw).not.toContain('pm_sandbox_secret_reference');
      expect(raw).not.toMatch(/methodRef|expMonth|expYear|provider|passwordHash|token/i);
      const body = JSON.parse(raw) as {
        customer: Summary;
        orders: { id: string; number: number; netCents: number }[];
        addresses: { line1: string; city: string }[];
        cards: Record<string, unknown>[];
      };
      expect(body.customer).toMatchObject({ id: customer.id, orderCount: 1 });
      expect(body.orders).toEqual([
        expect.objectContaining({
          id: order.id,
          number: order.number,
          netCents: await paidOf(order.id),
        }),
      ]);
      expect(body.addresses).toEqual([
        expect.objectContaining({ line1: '400 Pine St', city: 'Seattle' }),
      ]);
      expect(body.cards.map((card) => Object.keys(card).sort())).toEqual([
        ['brand', 'id', 'last4'],
      ]);
      expect(body.cards[0]).toMatchObject({ brand: 'visa', last4: '4242' });

      const reads = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, customer.id)));
      expect(reads).toHaveLength(read);
      expect(reads.at(-1)).toMatchObject({
        action: 'customer.view',
        actorId: adminRow!.id,
        actorEmail: admin.email,
      });
      expect(Math.abs(reads.at(-1)!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    }

    const before = (await db().select().from(auditLog)).length;
    const unknown = await api.get(`/admin/customers/${randomUUID()}`, bearer(admin.token));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe(CUSTOMER_MESSAGES.notFound);
    expect(await db().select().from(auditLog)).toHaveLength(before);
  });

  it("is the owner's only: 401 signed out, 403 for a customer, and nothing audited", async () => {
    const customer = await customerAccount(api);
    const client = authClient(api);
    const session = await logIn(client, { email: customer.email, password: PASSWORD });
    const before = (await db().select().from(auditLog)).length;
    for (const path of [
      '/admin/customers',
      `/admin/customers/${customer.id}`,
      `/admin/customers/guests/${randomUUID()}`,
    ]) {
      expect((await api.get(path)).status).toBe(401);
      expect((await api.get(path, bearer(session.token))).status).toBe(403);
    }
    expect(await db().select().from(auditLog)).toHaveLength(before);
  });
});
