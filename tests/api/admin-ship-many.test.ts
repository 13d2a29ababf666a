import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox } from '../../api/db/schema';
import { ADMIN_MESSAGES, UNTRACKED_TEXT } from '../../core/admin/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/**
 * Shipping several orders at once from the orders list (issue 39 item 12): each order as a single
 * ship (its email, its audit row), a carrier "none" for untracked letter mail needing no tracking
 * number, and an order canceled meanwhile named by number while the others still ship.
 */
describe('ship several orders at once (issue 39 item 12)', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;
  const orderOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const shippedMails = (to: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, 'order.shipped')));

  it('ships each order with its own carrier; one canceled meanwhile is reported by number', async () => {
    const admin = await signedInAdmin(api);
    const emails = ['bulk.one', 'bulk.two', 'bulk.three'].map(
      (who) => `${who}.${Date.now().toString(36)}@example.com`,
    );
    const [tracked, letter, canceled] = await Promise.all(
      emails.map((email) => paidOrder(api, email)),
    );
    const cancel = await api.post(
      `/admin/orders/${canceled}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(cancel.status).toBe(200);

    const answer = await api.post(
      '/admin/orders/ship-many',
      {
        shipments: [
          { orderId: tracked, carrier: 'UPS', trackingNumber: '1Z 999 AA1 01 2345 6784' },
          { orderId: letter, carrier: 'none', trackingNumber: '' },
          { orderId: canceled, carrier: 'USPS', trackingNumber: '9400111899223100000000' },
        ],
      },
      bearer(admin.token),
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as {
      shipped: number;
      results: { orderId: string; number: number; shipped: boolean; error?: string }[];
    };
    expect(body.shipped).toBe(2);
    const canceledNumber = (await orderOf(canceled!)).number;
    expect(body.results).toEqual([
      expect.objectContaining({ orderId: tracked, shipped: true }),
      expect.objectContaining({ orderId: letter, shipped: true }),
      {
        orderId: canceled,
        number: canceledNumber,
        shipped: false,
        error: ADMIN_MESSAGES.notUnfulfilled,
      },
    ]);

    expect(await orderOf(tracked!)).toMatchObject({
      shippingStatus: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1 01 2345 6784',
    });
    expect(await orderOf(letter!)).toMatchObject({ shippingStatus: 'shipped', carrier: 'none' });
    expect((await orderOf(canceled!)).shippingStatus).toBe('canceled');

    // Each shipped order: its customer's email and its audit row, as a single ship writes them.
    const [upsMail] = await shippedMails(emails[0]!);
    expect(upsMail!.text).toContain('Tracking number: 1Z 999 AA1 01 2345 6784');
    expect(upsMail!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const [letterMail] = await shippedMails(emails[1]!);
    expect(letterMail!.text).toContain(UNTRACKED_TEXT);
    expect(letterMail!.text).not.toContain('Track your parcel');
    expect(await shippedMails(emails[2]!)).toHaveLength(0);
    for (const id of [tracked!, letter!]) {
      const rows = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.ship')));
      expect(rows).toHaveLength(1);
    }
  });

  it('needs a tracking number unless the carrier is none', async () => {
    const admin = await signedInAdmin(api);
    const id = await paidOrder(api);
    const refused = await api.post(
      '/admin/orders/ship-many',
      { shipments: [{ orderId: id, carrier: 'USPS', trackingNumber: '' }] },
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(ADMIN_MESSAGES.tracking);
    expect((await orderOf(id)).shippingStatus).toBe('unfulfilled');
    // The single ship takes "none" without a number too.
    const single = await api.post(
      `/admin/orders/${id}/ship`,
      { carrier: 'none' },
      bearer(admin.token),
    );
    expect(single.status, await single.clone().text()).toBe(200);
    expect(await orderOf(id)).toMatchObject({ shippingStatus: 'shipped', carrier: 'none' });
  });
});
