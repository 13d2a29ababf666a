import { count, eq, inArray } from 'drizzle-orm';
import { seedProductId } from '../../api/db/seed';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { AppError } from '../../api/lib/errors';
import {
  NEEDS_ATTENTION_AFTER,
  recoverPendingOrders,
  recoveryBackoffMs,
} from '../../api/modules/orders/recovery';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, GUEST, guestOrder } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

const SHOP = { siteName: 'Evergreen', siteUrl: 'http://localhost', shopEmail: 'shop@example.com' };
const POISONED = 100;

/**
 * The sandbox whose answer can be lost after the charge (the order stays pending), and whose
 * lookup fails for the orders in `poisoned`: orders no recovery can settle.
 */
let lose = false;
const poisoned = new Set<string>();
function poisonableSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'recovery-isolation-secret-0000000');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      const result = await sandbox.gateway.charge(request);
      if (lose) throw new AppError('UNAVAILABLE', 'answer lost');
      return result;
    },
    refund: (reference, key) => sandbox.gateway.refund(reference, key),
    async lookup(key) {
      if (poisoned.has(key)) throw new Error(`poisoned order ${key}`);
      return sandbox.gateway.lookup(key);
    },
  };
  return { payments: { gateway, sandbox } };
}

/** Issue 35 item 8: recovery settles each stuck order on its own. */
describe('recovery isolates each stuck order', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => poisonableSandbox(api) });
  const db = () => api.test.database.db;
  const recover = (now: Date) =>
    recoverPendingOrders(
      { db: db(), gateway: poisonableSandbox(api).payments.gateway, shop: SHOP },
      10 * 60_000,
      now,
    );

  let ips = 0;
  let template: Awaited<ReturnType<typeof guestOrder>> | undefined;
  /** An order charged whose answer was lost: pending, placed `minutesAgo` minutes ago. */
  async function lostOrder(minutesAgo: number) {
    // Each from its own address, under the rate limits.
    const from = { [CLIENT_IP_HEADER]: `10.36.${Math.floor(ips / 250)}.${(ips++ % 250) + 1}` };
    const card = await api.post(
      '/payments/sandbox/tokens',
      { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
      { headers: from },
    );
    const { token } = (await card.json()) as { token: string };
    // One quote for them all; each its own card token and buyer.
    template ??= await guestOrder(api, [enamelLine(1)], 'none');
    const email = `stuck.${ips}@example.com`;
    const order = {
      ...template,
      billingInfo: { ...template.billingInfo, paymentMethodId: token },
      guestContact: { ...GUEST, email },
    };
    lose = true;
    const key = `recovery-isolation-${crypto.randomUUID()}`;
    const response = await api.post('/orders/orderconfirmation', order, {
      headers: { ...from, 'idempotency-key': key },
    });
    lose = false;
    expect(response.status, await response.clone().text()).toBe(503);
    const [row] = await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(orders.requestKey, key))
      .returning({ id: orders.id, chargeKey: orders.chargeKey });
    return row!;
  }

  it('100 poisoned pending orders do not stop a real one from settling in one round; they back off, then need attention', async () => {
    await db()
      .update(products)
      .set({ quantity: 1000 })
      .where(eq(products.id, seedProductId('campfire-enamel-mug')));
    const bad: string[] = [];
    for (let i = 0; i < POISONED; i += 1) {
      const order = await lostOrder(120 + POISONED - i);
      poisoned.add(order.chargeKey!);
      bad.push(order.id);
    }
    const real = await lostOrder(20);
    const now = new Date();

    expect(await recover(now)).toEqual({ paid: 1, abandoned: 0, canceled: 0, failed: POISONED });
    const [settled] = await db().select().from(orders).where(eq(orders.id, real.id));
    expect(settled).toMatchObject({ shippingStatus: 'unfulfilled', paymentStatus: 'paid' });
    const after = await db().select().from(orders).where(inArray(orders.id, bad));
    for (const row of after) {
      expect(row).toMatchObject({ shippingStatus: 'pending_payment', recoveryAttempts: 1 });
      expect(row.recoveryError).toContain('poisoned order');
      expect(row.recoveryNextAt!.getTime()).toBe(now.getTime() + recoveryBackoffMs(1));
    }

    // Not tried again before their backoff has passed; a new stuck order still settles.
    const next = await lostOrder(15);
    expect(await recover(new Date(now.getTime() + 1000))).toEqual({
      paid: 1,
      abandoned: 0,
      canceled: 0,
      failed: 0,
    });
    expect(
      (await db().select().from(orders).where(eq(orders.id, next.id)))[0]!.shippingStatus,
    ).toBe('unfulfilled');

    // Tried again as each backoff passes, until they need attention on the dashboard.
    const owner = await signedInAdmin(api);
    const dashboard = async () =>
      (await (await api.get('/admin/dashboard', bearer(owner.token))).json()) as {
        needsAttention: { count: number; orders: { number: number; attempts: number }[] };
      };
    expect((await dashboard()).needsAttention.count).toBe(0);
    let at = now.getTime();
    for (let attempt = 2; attempt <= NEEDS_ATTENTION_AFTER; attempt += 1) {
      at += recoveryBackoffMs(attempt - 1);
      expect(await recover(new Date(at))).toMatchObject({ failed: POISONED });
    }
    const [tries] = await db()
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.recoveryAttempts, NEEDS_ATTENTION_AFTER));
    expect(tries!.n).toBe(POISONED);
    const shown = await dashboard();
    expect(shown.needsAttention.count).toBe(POISONED);
    expect(shown.needsAttention.orders.length).toBeGreaterThan(0);
    expect(shown.needsAttention.orders[0]!.attempts).toBe(NEEDS_ATTENTION_AFTER);

    // The orders list shows pending orders, the ones that need attention among them.
    const list = (await (
      await api.get('/admin/orders?status=pending_payment', bearer(owner.token))
    ).json()) as { total: number; orders: { status: string; recoveryAttempts: number }[] };
    expect(list.total).toBe(POISONED);
    expect(list.orders.every((order) => order.status === 'pending_payment')).toBe(true);
    expect(list.orders[0]!.recoveryAttempts).toBe(NEEDS_ATTENTION_AFTER);
    // The default list still leaves unpaid orders out.
    const open = (await (await api.get('/admin/orders', bearer(owner.token))).json()) as {
      orders: { status: string }[];
    };
    expect(open.orders.some((order) => order.status === 'pending_payment')).toBe(false);
  }, 300_000);
});
