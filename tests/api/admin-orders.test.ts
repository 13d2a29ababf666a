import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox } from '../../api/db/schema';
import { useApi, type ApiHarness } from '../helpers/api';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';
import { refundProbeSandbox, type RefundProbe } from './orders-history-helpers';

const probe: RefundProbe = { refunds: [], failNext: 0 };

const auditOf = (api: ApiHarness, orderId: string) =>
  api.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));

const statusOf = async (api: ApiHarness, orderId: string) =>
  (await api.test.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('back office order actions with the customer-orders flows (issue 14 with h-history)', () => {
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => refundProbeSandbox(api, probe),
  });

  it("ship → the customer's GET /orders/orders shows it shipped with carrier and tracking", async () => {
    const admin = await signedInAdmin(api);
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('customer'));
    const customer = await logIn(client, account);
    const orderId = await paidOrder(api, account.email);
    const shipped = await api.post(
      `/admin/orders/${orderId}/ship`,
      { carrier: 'USPS', trackingNumber: '9400 1118 9922 3100 0000 00' },
      bearer(admin.token),
    );
    expect(shipped.status, await shipped.clone().text()).toBe(200);
    const history = await api.get('/orders/orders', bearer(customer.token));
    expect(history.status).toBe(200);
    const list = (await history.json()) as {
      _id: string;
      shippingStatus: string;
      carrier: string;
      trackingNumber: string;
    }[];
    expect(list.find((order) => order._id === orderId)).toMatchObject({
      shippingStatus: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1118 9922 3100 0000 00',
    });
    // The customer can no longer cancel it: the guarded move already went to shipped.
    const cancel = await api.post('/orders/cancel', { id: orderId }, bearer(customer.token));
    expect(cancel.status).toBe(409);
    expect((await statusOf(api, orderId)).shippingStatus).toBe('shipped');

    // The customer's issue report lands in the back office's inbox, unread, newest first.
    const report = await api.post(
      '/orders/issue',
      { id: orderId, message: 'The parcel arrived with a cracked mug.' },
      bearer(customer.token),
    );
    expect(report.status, await report.clone().text()).toBeLessThan(300);
    const inbox = (await (await api.get('/admin/inbox', bearer(admin.token))).json()) as {
      items: { kind: string; orderId: string | null; unread: boolean; message: string }[];
    };
    expect(inbox.items[0]).toMatchObject({
      kind: 'issue',
      orderId,
      unread: true,
      message: 'The parcel arrived with a cracked mug.',
    });
  });

  it('cancel and refund: refunded once, the customer emailed, one audit row; shipping it after is refused', async () => {
    const admin = await signedInAdmin(api);
    const email = freshEmail('canceled');
    const orderId = await paidOrder(api, email);
    const before = probe.refunds.length;
    const canceled = await api.post(
      `/admin/orders/${orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    expect(await statusOf(api, orderId)).toMatchObject({
      shippingStatus: 'canceled',
      paymentStatus: 'refunded',
    });
    expect(probe.refunds.length).toBe(before + 1);
    const mails = await api.test.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const audit = await auditOf(api, orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.cancel',
      before: { status: 'unfulfilled' },
      after: { status: 'canceled', reason: 'out_of_stock' },
    });
    const ship = await api.post(
      `/admin/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      bearer(admin.token),
    );
    expect(ship.status).toBe(409);
    expect(await auditOf(api, orderId)).toHaveLength(1);
  });

  it('a failed refund leaves refund_failed; retry finishes it; each action one audit row', async () => {
    const admin = await signedInAdmin(api);
    const orderId = await paidOrder(api);
    probe.failNext = 1;
    const failed = await api.post(
      `/admin/orders/${orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(failed.status).toBe(503);
    expect((await statusOf(api, orderId)).shippingStatus).toBe('refund_failed');
    const dashboard = (await (await api.get('/admin/dashboard', bearer(admin.token))).json()) as {
      refundsFailed: number;
    };
    expect(dashboard.refundsFailed).toBeGreaterThanOrEqual(1);
    const retried = await api.post(
      `/admin/orders/${orderId}/retry-refund`,
      {},
      bearer(admin.token),
    );
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect((await statusOf(api, orderId)).shippingStatus).toBe('canceled');
    const audit = await auditOf(api, orderId);
    expect(audit.map((row) => [row.action, row.after])).toEqual([
      ['order.cancel', { status: 'refund_failed', reason: 'out_of_stock' }],
      ['order.retry-refund', { status: 'canceled' }],
    ]);
    const again = await api.post(`/admin/orders/${orderId}/retry-refund`, {}, bearer(admin.token));
    expect(again.status).toBe(409);
    expect(await auditOf(api, orderId)).toHaveLength(2);
  });
});
