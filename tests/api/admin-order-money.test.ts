import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, returnRequestItems, returnRequests } from '../../api/db/schema';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, paidOrder, returnRequestFor, signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, PASSWORD } from './auth-helpers';

/** The sandbox gateway, keeping each refund it made with the reference it answered. */
function recordingSandbox(
  api: ApiHarness,
  receipts: { amountCents?: number; reference: string }[],
) {
  const sandbox = sandboxPayments(api.test.database.db, 'admin-order-money-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => sandbox.gateway.charge(request),
    refund: async (reference, key, amountCents) => {
      const receipt = await sandbox.gateway.refund(reference, key, amountCents);
      receipts.push({ amountCents, reference: receipt.reference });
      return receipt;
    },
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

interface Money {
  paidCents: number;
  refundedCents: number;
  netCents: number;
  state: string;
  refunds: {
    createdAt: string;
    amountCents: number;
    reference: string | null;
    lines: { orderItemId: string; title: string; quantity: number; amountCents: number }[];
  }[];
}

describe("the back office's money of an order: paid, each refund, net (issue 25 point 3)", () => {
  const receipts: { amountCents?: number; reference: string }[] = [];
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => recordingSandbox(api, receipts),
  });

  const detail = async (token: string, orderId: string) => {
    const response = await api.get(`/admin/orders/${orderId}`, bearer(token));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as {
      order: { totalCents: number };
      money: Money;
      payments: { amountCents: number }[];
    };
  };
  const listed = async (token: string, email: string) => {
    const query = new URLSearchParams({ status: 'all', q: email });
    const response = await api.get(`/admin/orders?${query}`, bearer(token));
    expect(response.status).toBe(200);
    const { orders } = (await response.json()) as {
      orders: { id: string; netCents: number; state: string }[];
    };
    return orders;
  };
  /** Approve, receive and refund a return request's chosen line through the back office. */
  const refundThrough = async (
    token: string,
    requestId: string,
    lines: { orderItemId: string; quantity: number }[],
  ) => {
    for (const step of ['approve', 'receive']) {
      const answer = await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(token));
      expect(answer.status, await answer.clone().text()).toBe(200);
    }
    const refunded = await api.post(
      `/admin/returns/${requestId}/refund`,
      { idempotencyKey: randomUUID(), lines },
      bearer(token),
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    return (await refunded.json()) as { amountCents: number };
  };

  it('a refund of one line reads partially refunded; the rest refunded makes it refunded, net 0', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [
      mugLine(2),
      enamelLine(1),
    ]);
    const mug = items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!;
    const enamel = items.find((item) => item.id !== mug.id)!;

    const before = await detail(admin.token, order.id);
    const paidCents = before.payments[0]!.amountCents;
    expect(paidCents).toBe(before.order.totalCents);
    expect(before.money).toEqual({
      paidCents,
      refundedCents: 0,
      netCents: paidCents,
      state: 'paid',
      refunds: [],
      // One instrument, the card (issue 35), with nothing refunded yet.
      payments: [
        {
          id: expect.any(String),
          method: 'sandbox',
          amountCents: paidCents,
          refundedCents: 0,
          last4: '4242',
          brand: 'visa',
        },
      ],
    });

    const first = await refundThrough(admin.token, requestId, [
      { orderItemId: mug.id, quantity: 2 },
    ]);
    const afterOne = await detail(admin.token, order.id);
    expect(afterOne.money.state).toBe('partially refunded');
    expect(afterOne.money.paidCents).toBe(paidCents);
    expect(afterOne.money.refundedCents).toBe(first.amountCents);
    expect(afterOne.money.netCents).toBe(paidCents - first.amountCents);
    expect(afterOne.money.netCents).toBeGreaterThan(0);
    expect(afterOne.money.refunds).toHaveLength(1);
    const [refund] = afterOne.money.refunds;
    expect(refund).toMatchObject({
      amountCents: first.amountCents,
      reference: receipts.at(-1)!.reference,
      lines: [
        {
          orderItemId: mug.id,
          title: mug.variantTitle ? `${mug.title} (${mug.variantTitle})` : mug.title,
          quantity: 2,
          amountCents: first.amountCents,
        },
      ],
    });
    expect(receipts.at(-1)!.amountCents).toBe(first.amountCents);
    expect(refund!.reference).toMatch(/^sbx_re_/);
    expect(Math.abs(Date.parse(refund!.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await listed(admin.token, customer.email)).toEqual([
      expect.objectContaining({
        id: order.id,
        netCents: paidCents - first.amountCents,
        state: 'partially refunded',
      }),
    ]);

    // The customer's own history says what went back to the card.
    const shopper = await logIn(authClient(api), { email: customer.email, password: PASSWORD });
    const history = await api.get('/orders/orders', bearer(shopper.token));
    const mine = (
      (await history.json()) as { _id: string; refunded: number; total: number }[]
    ).find((row) => row._id === order.id);
    expect(mine).toMatchObject({ refunded: first.amountCents / 100, total: paidCents / 100 });

    // The customer returns the enamel piece too: its refund gives back the rest, to the cent.
    const db = api.test.database.db;
    const [second] = await db
      .insert(returnRequests)
      .values({ orderId: order.id, userId: customer.id, message: 'The enamel chipped too.' })
      .returning();
    const [enamelRow] = await db.select().from(orderItems).where(eq(orderItems.id, enamel.id));
    await db.insert(returnRequestItems).values({
      returnRequestId: second!.id,
      orderItemId: enamel.id,
      quantity: enamelRow!.quantity,
    });
    const rest = await refundThrough(admin.token, second!.id, [
      { orderItemId: enamel.id, quantity: enamelRow!.quantity },
    ]);
    expect(first.amountCents + rest.amountCents).toBe(paidCents);
    const afterAll = await detail(admin.token, order.id);
    expect(afterAll.money).toMatchObject({
      paidCents,
      refundedCents: paidCents,
      netCents: 0,
      state: 'refunded',
    });
    expect(afterAll.money.refunds.map((r) => r.lines.map((line) => line.orderItemId))).toEqual([
      [mug.id],
      [enamel.id],
    ]);
    expect(afterAll.money.refunds[1]!.reference).toBe(receipts.at(-1)!.reference);
    expect(await listed(admin.token, customer.email)).toEqual([
      expect.objectContaining({ id: order.id, netCents: 0, state: 'refunded' }),
    ]);
  });

  it("the owner's cancel is one refund of every line with the gateway's reference", async () => {
    const admin = await signedInAdmin(api);
    const email = `money.cancel.${randomUUID().slice(0, 8)}@example.com`;
    const orderId = await paidOrder(api, email);
    const canceled = await api.post(
      `/admin/orders/${orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    const { money, payments } = await detail(admin.token, orderId);
    const items = await api.test.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(money).toMatchObject({
      paidCents: payments[0]!.amountCents,
      refundedCents: payments[0]!.amountCents,
      netCents: 0,
      state: 'refunded',
    });
    expect(money.refunds).toHaveLength(1);
    expect(money.refunds[0]).toMatchObject({
      amountCents: payments[0]!.amountCents,
      reference: receipts.at(-1)!.reference,
    });
    expect(
      money.refunds[0]!.lines.map(({ orderItemId, quantity }) => ({ orderItemId, quantity })),
    ).toEqual(items.map((item) => ({ orderItemId: item.id, quantity: item.quantity })));
    expect(await listed(admin.token, email)).toEqual([
      expect.objectContaining({ id: orderId, netCents: 0, state: 'refunded' }),
    ]);
  });
});
