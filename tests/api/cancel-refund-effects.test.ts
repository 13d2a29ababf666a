import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, payments } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { onMailQueued } from '../../api/modules/mail/signal';
import { ADMIN_MESSAGES } from '../../core/admin/model';
import type { ProductDto, VariantDto } from '../../core/product/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, PASSWORD } from './auth-helpers';
import { placeOrder, refundProbeSandbox, type RefundProbe } from './orders-history-helpers';

/** The owner's cancel names its reason (issue 25 item 2). */
const OWNER_REASON = { reason: 'out_of_stock' };
/**
 * What a cancellation changes besides the order's status (api/modules/orders/cancel.ts and the
 * back office's cancel and retry): the shop shows the units back, the mail worker is woken for the
 * customer's email, the gateway is asked once per order, and every back-office attempt is audited.
 */
describe('a cancellation’s effects', () => {
  const probe: RefundProbe = { refunds: [], failNext: 0 };
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => refundProbeSandbox(api, probe),
  });

  const MUG = seedProductId('cedar-ridge-mug');
  const shown = async () => {
    const detail = (await (await api.get(`/product/detail/${MUG}`)).json()) as ProductDto;
    const green = (detail.variants as VariantDto[]).find((v) => v.sku === 'EG-MUG-CEDAR-GRN');
    return { product: detail.quantity, green: green?.quantity };
  };
  const statusOf = async (id: string) =>
    (
      await api.test.database.db
        .select({ shipping: orders.shippingStatus, payment: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, id))
    )[0];
  /** How often the mail worker is woken while `run` runs. */
  const wakeUps = async (run: () => Promise<unknown>) => {
    let count = 0;
    const stop = onMailQueued(() => {
      count += 1;
    });
    try {
      await run();
    } finally {
      stop();
    }
    return count;
  };
  async function signedInCustomer() {
    const account = await customerAccount(api);
    const session = await logIn(authClient(api), { email: account.email, password: PASSWORD });
    return { ...account, token: session.token };
  }

  it('shows the shop the units back, and wakes the mail worker for the customer’s email', async () => {
    const customer = await signedInCustomer();
    const before = await shown();
    const order = await placeOrder(api, [mugLine(3)], { userId: customer.id });
    expect(await shown()).toEqual({ product: before.product! - 3, green: before.green! - 3 });

    const woken = await wakeUps(async () => {
      const response = await api.post('/orders/cancel', { id: order.id }, bearer(customer.token));
      expect(response.status).toBe(200);
    });
    expect(woken).toBe(1);
    expect(await shown()).toEqual(before);
    // The customer's history says when, and the email what, was canceled.
    const history = (await (await api.get('/orders/orders', bearer(customer.token))).json()) as {
      _id: string;
      canceledAt: string | null;
    }[];
    expect(history.find((listed) => listed._id === order.id)?.canceledAt).toEqual(
      expect.any(String),
    );
    const mails = await api.test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'order.canceled'));
    const mail = mails.find((sent) => sent.text.includes(`${order.number}`));
    expect(mail?.text).toContain('3 × Cedar Ridge Stoneware Mug (Forest Green)');
  });

  it('asks the gateway with one key per order, the same on every retry', async () => {
    const customer = await signedInCustomer();
    const first = await placeOrder(api, [enamelLine(1)], { userId: customer.id });
    const second = await placeOrder(api, [enamelLine(1)], { userId: customer.id });
    const cancel = (id: string) => api.post('/orders/cancel', { id }, bearer(customer.token));
    const keys: string[] = [];
    for (const id of [first.id, second.id]) {
      probe.failNext = 1;
      expect((await cancel(id)).status).toBe(503);
      const before = probe.refunds.length;
      expect((await cancel(id)).status).toBe(200);
      expect(probe.refunds.length).toBe(before + 1);
      keys.push(probe.refunds.at(-1)!.key);
    }
    expect(keys[0]).toContain(first.id);
    expect(keys[1]).toContain(second.id);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('asks the gateway for nothing when the payment is already refunded, and still restocks', async () => {
    const customer = await signedInCustomer();
    const before = await shown();
    const order = await placeOrder(api, [mugLine(2)], { userId: customer.id });
    await api.test.database.db
      .update(payments)
      .set({ status: 'refunded' })
      .where(eq(payments.orderId, order.id));
    const refunds = probe.refunds.length;
    const response = await api.post('/orders/cancel', { id: order.id }, bearer(customer.token));
    expect(response.status).toBe(200);
    expect(probe.refunds.length).toBe(refunds);
    expect(await statusOf(order.id)).toEqual({ shipping: 'canceled', payment: 'refunded' });
    expect(await shown()).toEqual(before);
  });

  describe('in the back office', () => {
    const auditOf = (orderId: string) =>
      api.test.database.db
        .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));

    it('cancels and refunds, waking the mail worker, with one audit row', async () => {
      const admin = await signedInAdmin(api);
      const customer = await customerAccount(api);
      const order = await placeOrder(api, [enamelLine(1)], { userId: customer.id });
      const woken = await wakeUps(async () => {
        const response = await api.post(
          `/admin/orders/${order.id}/cancel`,
          OWNER_REASON,
          bearer(admin.token),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ status: 'canceled' });
      });
      expect(woken).toBe(1);
      expect(await auditOf(order.id)).toEqual([
        {
          action: 'order.cancel',
          before: { status: 'unfulfilled' },
          after: { status: 'canceled', reason: 'out_of_stock' },
        },
      ]);
      const [row] = await api.test.database.db
        .select({ canceledAt: orders.canceledAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row!.canceledAt).toBeInstanceOf(Date);
    });

    it('refuses an order that is not there (404) or no longer waiting to ship (409)', async () => {
      const admin = await signedInAdmin(api);
      const missing = randomUUID();
      for (const path of [
        `/admin/orders/${missing}/cancel`,
        `/admin/orders/${missing}/retry-refund`,
      ]) {
        const response = await api.post(path, OWNER_REASON, bearer(admin.token));
        expect(response.status, path).toBe(404);
        expect((await response.json()).error).toBe(ADMIN_MESSAGES.orderNotFound);
      }
      const customer = await customerAccount(api);
      const order = await placeOrder(api, [enamelLine(1)], { userId: customer.id });
      await api.test.database.db
        .update(orders)
        .set({ shippingStatus: 'shipped', shippedAt: new Date() })
        .where(eq(orders.id, order.id));
      const refunds = probe.refunds.length;
      const shipped = await api.post(
        `/admin/orders/${order.id}/cancel`,
        OWNER_REASON,
        bearer(admin.token),
      );
      expect(shipped.status).toBe(409);
      expect((await shipped.json()).error).toBe(ADMIN_MESSAGES.notUnfulfilled);
      const retry = await api.post(
        `/admin/orders/${order.id}/retry-refund`,
        {},
        bearer(admin.token),
      );
      expect(retry.status).toBe(409);
      expect((await retry.json()).error).toBe(ADMIN_MESSAGES.notRefundFailed);
      expect(probe.refunds.length).toBe(refunds);
      expect(await statusOf(order.id)).toEqual({ shipping: 'shipped', payment: 'paid' });
      expect(await auditOf(order.id)).toEqual([]);
    });

    it('audits a retry that fails again with the order’s status, and answers 503', async () => {
      const admin = await signedInAdmin(api);
      const customer = await customerAccount(api);
      const order = await placeOrder(api, [enamelLine(1)], { userId: customer.id });
      probe.failNext = 2;
      const failed = await api.post(
        `/admin/orders/${order.id}/cancel`,
        OWNER_REASON,
        bearer(admin.token),
      );
      expect(failed.status).toBe(503);
      const again = await api.post(
        `/admin/orders/${order.id}/retry-refund`,
        {},
        bearer(admin.token),
      );
      expect(again.status).toBe(503);
      expect(await statusOf(order.id)).toEqual({ shipping: 'refund_failed', payment: 'paid' });
      expect(await auditOf(order.id)).toEqual([
        {
          action: 'order.cancel',
          before: { status: 'unfulfilled' },
          after: { status: 'refund_failed', reason: 'out_of_stock' },
        },
        {
          action: 'order.retry-refund',
          before: { status: 'refund_failed' },
          after: { status: 'refund_failed' },
        },
      ]);
      const woken = await wakeUps(async () => {
        const done = await api.post(
          `/admin/orders/${order.id}/retry-refund`,
          {},
          bearer(admin.token),
        );
        expect(done.status).toBe(200);
        expect(await done.json()).toEqual({ status: 'canceled' });
      });
      expect(woken).toBe(1);
      expect((await auditOf(order.id)).at(-1)).toEqual({
        action: 'order.retry-refund',
        before: { status: 'refund_failed' },
        after: { status: 'canceled' },
      });
    });
  });
});
