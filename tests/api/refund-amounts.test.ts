import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  orderItems,
  orderRefunds,
  outbox,
  payments,
  productVariants,
  returnRequestItems,
  returnRequests,
} from '../../api/db/schema';
import { partialRefundKey } from '../../api/modules/orders/admin/returns-refund';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { RETURN_MESSAGES } from '../../core/admin/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { setStock } from './orders-history-helpers';

/**
 * What a return's refund gives back (api/modules/orders/admin/returns-refund.ts), in cents, read back
 * from the answer, the gateway, the database and the customer's email. The order is 2 green mugs
 * ($24) and 1 enamel mug ($19) shipped to Seattle (10.35 %): $67.00 + $6.93 tax = $73.93 paid;
 * the mugs' line keeps $4.97 of the tax (496.8), the enamel mug's $1.96 (196.65). A line's refund
 * is its price times the units plus its share of the line's own tax (issue 35 point 6), so the
 * refunds of a line give back exactly its tax.
 */
describe('refund amounts', () => {
  const sent: { reference: string; key: string; amountCents: number | undefined }[] = [];
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => {
      const sandbox = sandboxPayments(api.test.database.db, 'refund-amounts-secret-refund-amou');
      const gateway: PaymentGateway = {
        provider: 'sandbox',
        charge: (request) => sandbox.gateway.charge(request),
        refund: async (reference, key, amountCents) => {
          sent.push({ reference, key, amountCents });
          return sandbox.gateway.refund(reference, key, amountCents);
        },
        lookup: (key) => sandbox.gateway.lookup(key),
      };
      return { payments: { gateway, sandbox } };
    },
  });

  const MUG_1 = 2400 + 249; // round(497 / 2): the first mug's share of the line's tax
  const MUG_1_AGAIN = 2400 + 248; // 497 − 249: the second mug gives back the rest of it
  const MUG_2 = 4800 + 497; // both mugs at once: the line's whole tax
  const ENAMEL_1 = 1900 + 196; // the enamel mug's line tax
  const PAID = 6700 + 693;

  /** A received return of the order above, with the admin who refunds it. */
  async function receivedReturn() {
    // Enough mugs for every order of this file.
    await api.test.database.db
      .update(productVariants)
      .set({ quantity: 100 })
      .where(eq(productVariants.sku, 'EG-MUG-CEDAR-GRN'));
    await setStock(api, 'cedar-ridge-mug', 100);
    await setStock(api, 'campfire-enamel-mug', 100);
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const made = await returnRequestFor(api, customer, [mugLine(2), enamelLine(1)]);
    await api.test.database.db
      .update(returnRequests)
      .set({ status: 'received' })
      .where(eq(returnRequests.id, made.requestId));
    const mug = made.items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!.id;
    const enamel = made.items.find((item) => item.sku === 'EG-MUG-ENAMEL')!.id;
    const refund = (lines: { orderItemId: string; quantity: number }[], key = randomUUID()) =>
      api.post(
        `/admin/returns/${made.requestId}/refund`,
        { idempotencyKey: key, lines },
        bearer(admin.token),
      );
    return { ...made, admin, customer, mug, enamel, refund };
  }

  /** Another return of the same order, received (the customer sent the rest back later). */
  async function anotherReturn(found: Awaited<ReturnType<typeof receivedReturn>>) {
    const db = api.test.database.db;
    const [request] = await db
      .insert(returnRequests)
      .values({
        orderId: found.order.id,
        userId: found.customer.id,
        message: 'The rest, too.',
        status: 'received',
      })
      .returning();
    await db
      .insert(returnRequestItems)
      .values({ returnRequestId: request!.id, orderItemId: found.mug, quantity: 1 });
    return (lines: { orderItemId: string; quantity: number }[], key = randomUUID()) =>
      api.post(
        `/admin/returns/${request!.id}/refund`,
        { idempotencyKey: key, lines },
        bearer(found.admin.token),
      );
  }

  const errorOf = async (response: Response) =>
    [response.status, ((await response.json()) as { error: string }).error] as const;
  const refundsOf = (orderId: string) =>
    api.test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

  it('gives back each line’s price and its share of the tax, to the card paid with', async () => {
    const found = await receivedReturn();
    const key = randomUUID();
    const response = await found.refund(
      [
        { orderItemId: found.mug, quantity: 1 },
        { orderItemId: found.enamel, quantity: 1 },
      ],
      key,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as { id: string };
    expect(answer).toEqual({
      id: expect.any(String),
      status: 'succeeded',
      amountCents: MUG_1 + ENAMEL_1,
      lines: [
        { orderItemId: found.mug, quantity: 1, amountCents: MUG_1 },
        { orderItemId: found.enamel, quantity: 1, amountCents: ENAMEL_1 },
      ],
    });
    const [payment] = await api.test.database.db
      .select({ reference: payments.reference })
      .from(payments)
      .where(eq(payments.orderId, found.order.id));
    expect(sent.at(-1)).toEqual({
      reference: payment!.reference,
      key: partialRefundKey(found.order.id, key),
      amountCents: MUG_1 + ENAMEL_1,
    });
    expect(await refundsOf(found.order.id)).toEqual([
      expect.objectContaining({
        id: answer.id,
        returnRequestId: found.requestId,
        idempotencyKey: partialRefundKey(found.order.id, key),
        amountCents: MUG_1 + ENAMEL_1,
        status: 'succeeded',
        actorEmail: found.admin.email,
      }),
    ]);
    const [mail] = await api.test.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, found.customer.email), eq(outbox.kind, 'return.refunded')));
    expect(mail!.subject).toBe(`Refund for order ${found.order.number}`);
    expect(mail!.text).toContain(`We refunded $47.45 for order ${found.order.number}`);
    expect(mail!.text).toContain('1 × Cedar Ridge Stoneware Mug (Forest Green)');
    expect(mail!.text).toContain('1 × Campfire Enamel Mug');
  });

  it('rounds the tax of two units of a line together, and takes a line sent twice as one', async () => {
    const found = await receivedReturn();
    const response = await found.refund([
      { orderItemId: found.mug, quantity: 1 },
      { orderItemId: found.mug, quantity: 1 },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      amountCents: MUG_2,
      lines: [{ orderItemId: found.mug, quantity: 2, amountCents: MUG_2 }],
    });
  });

  it('refuses more units of a line than were bought, a line sent twice counted whole', async () => {
    const found = await receivedReturn();
    const before = sent.length;
    expect(await errorOf(await found.refund([{ orderItemId: found.enamel, quantity: 2 }]))).toEqual(
      [400, RETURN_MESSAGES.tooManyUnits],
    );
    expect(
      await errorOf(
        await found.refund([
          { orderItemId: found.mug, quantity: 2 },
          { orderItemId: found.mug, quantity: 1 },
        ]),
      ),
    ).toEqual([400, RETURN_MESSAGES.tooManyUnits]);
    expect(sent.length).toBe(before);
    expect(await refundsOf(found.order.id)).toEqual([]);
  });

  it('counts what earlier refunds gave back, but not a refund that failed', async () => {
    const found = await receivedReturn();
    expect((await found.refund([{ orderItemId: found.mug, quantity: 1 }])).status).toBe(200);
    // A refund the gateway refused gave nothing back: it counts for neither units nor money.
    await api.test.database.db.insert(orderRefunds).values({
      orderId: found.order.id,
      idempotencyKey: `failed-${randomUUID()}`,
      amountCents: MUG_1 + ENAMEL_1,
      lines: [
        { orderItemId: found.mug, quantity: 1, amountCents: MUG_1 },
        { orderItemId: found.enamel, quantity: 1, amountCents: ENAMEL_1 },
      ],
      status: 'failed',
      actorEmail: found.admin.email,
    });

    const second = await anotherReturn(found);
    // One of the two mugs is refunded already.
    expect(await errorOf(await second([{ orderItemId: found.mug, quantity: 2 }]))).toEqual([
      400,
      RETURN_MESSAGES.tooManyUnits,
    ]);
    const last = await second([
      { orderItemId: found.mug, quantity: 1 },
      { orderItemId: found.enamel, quantity: 1 },
    ]);
    // The two refunds together give back exactly what was paid, and the line's tax to the cent.
    expect(MUG_1 + MUG_1_AGAIN + ENAMEL_1).toBe(PAID);
    expect(last.status, await last.clone().text()).toBe(200);
    expect(((await last.json()) as { amountCents: number }).amountCents).toBe(
      MUG_1_AGAIN + ENAMEL_1,
    );
    expect(
      (await refundsOf(found.order.id))
        .filter((refund) => refund.status === 'succeeded')
        .map((refund) => refund.taxCents)
        .sort((a, b) => a - b),
    ).toEqual([249, 248 + 196]);

    const third = await anotherReturn(found);
    expect(await errorOf(await third([{ orderItemId: found.mug, quantity: 1 }]))).toEqual([
      400,
      RETURN_MESSAGES.tooManyUnits,
    ]);
  });

  it('counts a refund still pending as given back', async () => {
    const found = await receivedReturn();
    await api.test.database.db.insert(orderRefunds).values({
      orderId: found.order.id,
      idempotencyKey: `pending-${randomUUID()}`,
      amountCents: PAID - MUG_1 + 1,
      lines: [],
      status: 'pending',
      actorEmail: found.admin.email,
    });
    expect(await errorOf(await found.refund([{ orderItemId: found.mug, quantity: 1 }]))).toEqual([
      400,
      RETURN_MESSAGES.tooMuch,
    ]);
  });

  it('never gives back more than the smaller of the charge and the order’s total', async () => {
    const found = await receivedReturn();
    await api.test.database.db
      .update(payments)
      .set({ amountCents: MUG_1 - 1 })
      .where(eq(payments.orderId, found.order.id));
    expect(await errorOf(await found.refund([{ orderItemId: found.mug, quantity: 1 }]))).toEqual([
      400,
      RETURN_MESSAGES.tooMuch,
    ]);
    await api.test.database.db
      .update(payments)
      .set({ amountCents: PAID })
      .where(eq(payments.orderId, found.order.id));
    expect((await found.refund([{ orderItemId: found.enamel, quantity: 1 }])).status).toBe(200);
  });

  it('refuses a refund of nothing (a line sold at $0)', async () => {
    const found = await receivedReturn();
    await api.test.database.db
      .update(orderItems)
      // Sold at $0, so taxed nothing: the line's own tax is 0 too.
      .set({ unitPriceCents: 0, taxCents: 0 })
      .where(eq(orderItems.id, found.enamel));
    expect(await errorOf(await found.refund([{ orderItemId: found.enamel, quantity: 1 }]))).toEqual(
      [400, RETURN_MESSAGES.tooMuch],
    );
  });

  it('refuses a line of another order, an order without payment, and a return that is not there', async () => {
    const found = await receivedReturn();
    const other = await receivedReturn();
    const before = sent.length;
    expect(await errorOf(await found.refund([{ orderItemId: other.mug, quantity: 1 }]))).toEqual([
      400,
      RETURN_MESSAGES.lineNotInOrder,
    ]);
    await api.test.database.db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.orderId, found.order.id));
    expect(await errorOf(await found.refund([{ orderItemId: found.mug, quantity: 1 }]))).toEqual([
      409,
      RETURN_MESSAGES.noPayment,
    ]);
    const missing = await api.post(
      `/admin/returns/${randomUUID()}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: found.mug, quantity: 1 }] },
      bearer(found.admin.token),
    );
    expect(await errorOf(missing)).toEqual([404, RETURN_MESSAGES.notFound]);
    expect(sent.length).toBe(before);
  });

  it('finishes a refund left pending (the answer was lost) with its own key and amount', async () => {
    const found = await receivedReturn();
    const key = randomUUID();
    const [pending] = await api.test.database.db
      .insert(orderRefunds)
      .values({
        orderId: found.order.id,
        returnRequestId: found.requestId,
        idempotencyKey: partialRefundKey(found.order.id, key),
        amountCents: ENAMEL_1,
        lines: [{ orderItemId: found.enamel, quantity: 1, amountCents: ENAMEL_1 }],
        status: 'pending',
        actorEmail: found.admin.email,
      })
      .returning();
    // The click sent again, even with other lines, finishes the refund it started.
    const response = await found.refund([{ orderItemId: found.mug, quantity: 2 }], key);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: pending!.id,
      status: 'succeeded',
      amountCents: ENAMEL_1,
      lines: [{ orderItemId: found.enamel, quantity: 1, amountCents: ENAMEL_1 }],
    });
    expect(sent.at(-1)).toMatchObject({
      key: partialRefundKey(found.order.id, key),
      amountCents: ENAMEL_1,
    });
    const [request] = await api.test.database.db
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, found.requestId));
    expect(request!.status).toBe('refunded');
  });

  it('refuses a click sent again whose refund failed, sending nothing', async () => {
    const found = await receivedReturn();
    const key = randomUUID();
    await api.test.database.db.insert(orderRefunds).values({
      orderId: found.order.id,
      idempotencyKey: partialRefundKey(found.order.id, key),
      amountCents: MUG_1,
      lines: [{ orderItemId: found.mug, quantity: 1, amountCents: MUG_1 }],
      status: 'failed',
      actorEmail: found.admin.email,
    });
    const before = sent.length;
    expect(
      await errorOf(await found.refund([{ orderItemId: found.mug, quantity: 1 }], key)),
    ).toEqual([409, RETURN_MESSAGES.refundFailed]);
    expect(sent.length).toBe(before);
  });

  it('shows the owner each line with the units refunded, every refund and the total given back', async () => {
    const found = await receivedReturn();
    await api.test.database.db.insert(orderRefunds).values({
      orderId: found.order.id,
      idempotencyKey: `failed-${randomUUID()}`,
      amountCents: ENAMEL_1,
      lines: [{ orderItemId: found.enamel, quantity: 1, amountCents: ENAMEL_1 }],
      status: 'failed',
      actorEmail: found.admin.email,
    });
    expect((await found.refund([{ orderItemId: found.mug, quantity: 1 }])).status).toBe(200);

    const response = await api.get(`/admin/returns/${found.requestId}`, bearer(found.admin.token));
    expect(response.status).toBe(200);
    const detail = (await response.json()) as {
      request: { id: string; status: string; message: string };
      order: { id: string; number: number; email: string; totalCents: number; taxRate: number };
      items: { orderItemId: string; quantity: number; title: string }[];
      lines: { id: string; quantity: number; unitPriceCents: number; refundedQuantity: number }[];
      refunds: { amountCents: number; status: string }[];
      refundedCents: number;
    };
    expect(detail.request).toMatchObject({
      id: found.requestId,
      status: 'refunded',
      message: 'The mugs are the wrong green.',
    });
    expect(detail.order).toMatchObject({
      id: found.order.id,
      number: found.order.number,
      email: found.customer.email,
      totalCents: PAID,
      taxRate: 0.1035,
      status: 'delivered',
    });
    expect(detail.items.map((item) => [item.title, item.quantity])).toEqual([
      ['Cedar Ridge Stoneware Mug', 2],
      ['Campfire Enamel Mug', 1],
    ]);
    expect(
      detail.lines.map((line) => [
        line.id,
        line.quantity,
        line.unitPriceCents,
        line.refundedQuantity,
      ]),
    ).toEqual([
      [found.mug, 2, 2400, 1],
      [found.enamel, 1, 1900, 0],
    ]);
    expect(detail.refunds.map((refund) => [refund.amountCents, refund.status])).toEqual([
      [ENAMEL_1, 'failed'],
      [MUG_1, 'succeeded'],
    ]);
    expect(detail.refundedCents).toBe(MUG_1);

    const views = await api.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'return.view'), eq(auditLog.entityId, found.requestId)));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ entity: 'return', actorEmail: found.admin.email });

    const missing = await api.get(`/admin/returns/${randomUUID()}`, bearer(found.admin.token));
    expect(await errorOf(missing)).toEqual([404, RETURN_MESSAGES.notFound]);
  });
});
