import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderRefunds, outbox, payments, returnRequests } from '../../api/db/schema';
import { RETURN_MESSAGES } from '../../core/admin/model';
import { partialRefundKey } from '../../api/modules/orders/admin/returns-refund';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { seedProductId } from '../../api/db/seed';
import { shopDayOf } from '../../core/shop-calendar';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

interface Probe {
  refunds: { reference: string; key: string; amountCents: number | undefined }[];
  failNext: number;
}

/** The sandbox gateway, recording every refund (with its amount) and failing on request. */
function probedSandbox(api: ApiHarness, probe: Probe) {
  const sandbox = sandboxPayments(api.test.database.db, 'admin-returns-secret-admin-returns');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => sandbox.gateway.charge(request),
    refund: async (reference, key, amountCents) => {
      if (probe.failNext > 0) {
        probe.failNext -= 1;
        throw new Error('gateway timeout');
      }
      probe.refunds.push({ reference, key, amountCents });
      return sandbox.gateway.refund(reference, key, amountCents);
    },
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

const auditOf = (api: ApiHarness, entity: string, entityId: string) =>
  api.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

const statusOf = async (api: ApiHarness, id: string) =>
  (
    await api.test.database.db
      .select({ status: returnRequests.status, reason: returnRequests.declineReason })
      .from(returnRequests)
      .where(eq(returnRequests.id, id))
  )[0];

const mailsOf = (api: ApiHarness, to: string, kind: string) =>
  api.test.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));

describe('return requests in the back office (issue 14)', () => {
  const probe: Probe = { refunds: [], failNext: 0 };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => probedSandbox(api, probe) });

  it('moves requested → approved (instructions emailed) → received → refunded (part refunded)', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [
      mugLine(2),
      enamelLine(1),
    ]);
    const post = (path: string, body: unknown = {}) =>
      api.post(`/admin/returns/${requestId}/${path}`, body, bearer(admin.token));

    // Not yet received: no refund.
    const early = await post('refund', {
      idempotencyKey: randomUUID(),
      lines: [{ orderItemId: items[0]!.id, quantity: 1 }],
    });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe(RETURN_MESSAGES.notReceived);

    const approved = await post('approve');
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await statusOf(api, requestId)).toMatchObject({ status: 'approved' });
    const instructions = await mailsOf(api, customer.email, 'return.approved');
    expect(instructions).toHaveLength(1);
    expect(instructions[0]!.subject).toBe(`Return instructions for order ${order.number}`);
    expect(instructions[0]!.text).toContain(`your order number, ${order.number}`);
    expect(instructions[0]!.text).toContain('Cedar Ridge Stoneware Mug');

    // A second click loses: 409, no second email, no second audit row.
    const again = await post('approve');
    expect(again.status).toBe(409);
    expect(await mailsOf(api, customer.email, 'return.approved')).toHaveLength(1);

    expect((await post('receive')).status).toBe(200);
    expect(await statusOf(api, requestId)).toMatchObject({ status: 'received' });

    const mug = items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!;
    const key = randomUUID();
    const refund = { idempotencyKey: key, lines: [{ orderItemId: mug.id, quantity: 1 }] };
    const refunded = await post('refund', refund);
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const answer = (await refunded.json()) as { amountCents: number; status: string };
    // One mug and its share of the tax.
    const [placed] = await api.test.database.db
      .select({ amountCents: payments.amountCents, reference: payments.reference })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(answer.status).toBe('succeeded');
    expect(answer.amountCents).toBeGreaterThan(2400);
    expect(answer.amountCents).toBeLessThan(placed!.amountCents);
    expect(probe.refunds).toEqual([
      {
        reference: placed!.reference,
        key: partialRefundKey(order.id, key),
        amountCents: answer.amountCents,
      },
    ]);
    expect(await statusOf(api, requestId)).toMatchObject({ status: 'refunded' });
    const refundMail = await mailsOf(api, customer.email, 'return.refunded');
    expect(refundMail).toHaveLength(1);

    // The same click sent again refunds nothing more.
    const retried = await post('refund', refund);
    expect(retried.status).toBe(200);
    expect(probe.refunds).toHaveLength(1);
    expect(
      await api.test.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id)),
    ).toHaveLength(1);

    // Every action: one audit row each.
    const returnRows = await auditOf(api, 'return', requestId);
    expect(returnRows.map((row) => row.action).sort()).toEqual([
      'return.approved',
      'return.received',
    ]);
    const orderRows = await auditOf(api, 'order', order.id);
    expect(orderRows.map((row) => row.action)).toEqual(['order.refund']);
    expect(orderRows[0]!.after).toMatchObject({
      status: 'succeeded',
      returnStatus: 'refunded',
      amountCents: answer.amountCents,
    });
  });

  it('declines with a reason the customer is emailed, once', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId } = await returnRequestFor(api, customer);
    const short = await api.post(
      `/admin/returns/${requestId}/decline`,
      { reason: 'no' },
      bearer(admin.token),
    );
    expect(short.status).toBe(400);
    const reason = 'The mugs were used: the return policy takes back unused items only.';
    const declined = await api.post(
      `/admin/returns/${requestId}/decline`,
      { reason },
      bearer(admin.token),
    );
    expect(declined.status).toBe(200);
    expect(await statusOf(api, requestId)).toEqual({ status: 'declined', reason });
    const mails = await mailsOf(api, customer.email, 'return.declined');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your return for order ${order.number} was declined`);
    expect(mails[0]!.text).toContain(reason);
    // Declined is final: it cannot be approved after.
    const approve = await api.post(`/admin/returns/${requestId}/approve`, {}, bearer(admin.token));
    expect(approve.status).toBe(409);
    expect(await mailsOf(api, customer.email, 'return.approved')).toHaveLength(0);
    expect((await auditOf(api, 'return', requestId)).map((row) => row.action)).toEqual([
      'return.declined',
    ]);
  });

  it('never refunds more than was paid: units per line, and earlier refunds counted', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [mugLine(2)]);
    for (const step of ['approve', 'receive']) {
      expect(
        (await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(admin.token))).status,
      ).toBe(200);
    }
    const refund = (quantity: number) =>
      api.post(
        `/admin/returns/${requestId}/refund`,
        { idempotencyKey: randomUUID(), lines: [{ orderItemId: items[0]!.id, quantity }] },
        bearer(admin.token),
      );
    const tooMany = await refund(3);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toBe(RETURN_MESSAGES.tooManyUnits);

    // An earlier refund of most of the payment (made, say, by phone) is counted.
    const [paid] = await api.test.database.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    await api.test.database.db.insert(orderRefunds).values({
      orderId: order.id,
      idempotencyKey: `earlier-${randomUUID()}`,
      amountCents: paid!.amountCents - 100,
      lines: [],
      status: 'succeeded',
      actorEmail: admin.email,
    });
    const overPaid = await refund(1);
    expect(overPaid.status).toBe(400);
    expect(((await overPaid.json()) as { error: string }).error).toBe(RETURN_MESSAGES.tooMuch);
    expect(probe.refunds.filter((r) => r.key.includes(order.id))).toEqual([]);
    expect(await statusOf(api, requestId)).toMatchObject({ status: 'received' });
  });

  it('refuses to refund a bought gift card through a return: only the refund of items voids it', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const card = {
      _id: seedProductId('evergreen-gift-card'),
      title: 'Evergreen Gift Card',
      sku: 'EG-GIFTCARD-CUSTOM',
      quantity: 1,
      price: 40,
      giftCard: {
        amount: 40,
        recipientName: 'Grace Hopper',
        recipientEmail: 'grace@example.com',
        deliverOn: shopDayOf(new Date()),
      },
    };
    const { order, requestId, items } = await returnRequestFor(api, customer, [
      mugLine(1),
      card as never,
    ]);
    for (const step of ['approve', 'receive']) {
      expect(
        (await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(admin.token))).status,
      ).toBe(200);
    }
    const cardLine = items.find((item) => item.kind === 'gift_card')!;
    const refused = await api.post(
      `/admin/returns/${requestId}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: cardLine.id, quantity: 1 }] },
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(RETURN_MESSAGES.giftCardLine);
    const refunds = await api.test.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toEqual([]);
    expect(probe.refunds.filter((r) => r.key.includes(order.id))).toEqual([]);
  });

  it('a refund the gateway refuses is recorded failed, not counted, and can be sent again', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [mugLine(1)]);
    for (const step of ['approve', 'receive']) {
      await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(admin.token));
    }
    probe.failNext = 1;
    const lines = [{ orderItemId: items[0]!.id, quantity: 1 }];
    const failed = await api.post(
      `/admin/returns/${requestId}/refund`,
      { idempotencyKey: randomUUID(), lines },
      bearer(admin.token),
    );
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { error: string }).error).toBe(RETURN_MESSAGES.refundFailed);
    const ok = await api.post(
      `/admin/returns/${requestId}/refund`,
      { idempotencyKey: randomUUID(), lines },
      bearer(admin.token),
    );
    expect(ok.status).toBe(200);
    const rows = await api.test.database.db
      .select({ status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
    expect((await auditOf(api, 'order', order.id)).map((row) => row.after?.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
  });

  it('two approvals at once: one wins, one email, one audit row', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { requestId } = await returnRequestFor(api, customer);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post(`/admin/returns/${requestId}/approve`, {}, bearer(admin.token)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await mailsOf(api, customer.email, 'return.approved')).toHaveLength(1);
    expect(await auditOf(api, 'return', requestId)).toHaveLength(1);
  });

  it('refunds at once for the whole order each: one wins, the others are refused', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [mugLine(2)]);
    for (const step of ['approve', 'receive']) {
      await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(admin.token));
    }
    const before = probe.refunds.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post(
          `/admin/returns/${requestId}/refund`,
          { idempotencyKey: randomUUID(), lines: [{ orderItemId: items[0]!.id, quantity: 2 }] },
          bearer(admin.token),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 400 || status === 409)).toBe(true);
    expect(probe.refunds.length - before).toBe(1);
    const rows = await api.test.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(await mailsOf(api, customer.email, 'return.refunded')).toHaveLength(1);
  });
});

describe('a partial refund through Stripe', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn.close());

  it('sends the amount and the idempotency key; the same key refunds once', async () => {
    const gateway = stripeGateway(standIn.client());
    const key = partialRefundKey(randomUUID(), randomUUID());
    await gateway.refund('pi_standin_partial', key, 2641);
    await gateway.refund('pi_standin_partial', key, 2641);
    const sent = standIn.requests.filter((request) => request.path === '/v1/refunds');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.every((request) => request.idempotencyKey === key)).toBe(true);
    expect(sent[0]!.form.get('amount')).toBe('2641');
    expect(sent[0]!.form.get('payment_intent')).toBe('pi_standin_partial');
    expect(standIn.refunds).toHaveLength(1);
  });
});
