import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderRefunds, outbox } from '../../api/db/schema';
import { onMailQueued } from '../../api/modules/mail/signal';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { RETURN_MESSAGES } from '../../core/admin/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/**
 * The record a return leaves (api/modules/orders/admin/returns.ts): each move of a return request and
 * each refund writes an audit row saying what it was before and after, the customer's email wakes
 * the mail worker, and a request that is not there is 404 for every action.
 */
describe('the audit trail of a return', () => {
  const gatewayFails = { next: 0 };
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => {
      const sandbox = sandboxPayments(api.test.database.db, 'return-audit-secret-return-audit-');
      const gateway: PaymentGateway = {
        provider: 'sandbox',
        charge: (request) => sandbox.gateway.charge(request),
        refund: async (reference, key, amountCents) => {
          if (gatewayFails.next > 0) {
            gatewayFails.next -= 1;
            throw new Error('gateway timeout');
          }
          return sandbox.gateway.refund(reference, key, amountCents);
        },
        lookup: (key) => sandbox.gateway.lookup(key),
      };
      return { payments: { gateway, sandbox } };
    },
  });

  const auditOf = (entity: string, entityId: string) =>
    api.test.database.db
      .select({
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.createdAt));
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

  it('records approve, receive and refund with their before and after, and a failed refund', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [enamelLine(1)]);
    const post = (path: string, body: unknown = {}) =>
      api.post(`/admin/returns/${requestId}/${path}`, body, bearer(admin.token));

    expect(await wakeUps(async () => expect((await post('approve')).status).toBe(200))).toBe(1);
    // Receiving the parcel emails nobody.
    expect(await wakeUps(async () => expect((await post('receive')).status).toBe(200))).toBe(0);
    expect(await auditOf('return', requestId)).toEqual([
      {
        action: 'return.approved',
        actorEmail: admin.email,
        before: { status: 'requested' },
        after: { status: 'approved', orderId: order.id },
      },
      {
        action: 'return.received',
        actorEmail: admin.email,
        before: { status: 'approved' },
        after: { status: 'received', orderId: order.id },
      },
    ]);

    const lines = [{ orderItemId: items[0]!.id, quantity: 1 }];
    const amountCents = 1900 + 197;
    gatewayFails.next = 1;
    const failed = await post('refund', { idempotencyKey: randomUUID(), lines });
    expect(failed.status).toBe(503);
    const refunded = await wakeUps(async () =>
      expect((await post('refund', { idempotencyKey: randomUUID(), lines })).status).toBe(200),
    );
    expect(refunded).toBe(1);
    const recorded = lines.map((line) => ({ ...line, amountCents }));
    expect(await auditOf('order', order.id)).toEqual([
      {
        action: 'order.refund',
        actorEmail: admin.email,
        before: { returnId: requestId },
        after: { status: 'failed', amountCents, lines: recorded },
      },
      {
        action: 'order.refund',
        actorEmail: admin.email,
        before: { returnId: requestId, returnStatus: 'received' },
        after: { status: 'succeeded', returnStatus: 'refunded', amountCents, lines: recorded },
      },
    ]);
    const refunds = await api.test.database.db
      .select({ status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt));
    expect(refunds).toEqual([{ status: 'failed' }, { status: 'succeeded' }]);
  });

  it('records a decline with its reason, and emails it', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId } = await returnRequestFor(api, customer, [enamelLine(1)]);
    const reason = 'The mug was used: the policy takes back unused items only.';
    const woken = await wakeUps(async () => {
      const response = await api.post(
        `/admin/returns/${requestId}/decline`,
        { reason },
        bearer(admin.token),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: requestId, status: 'declined' });
    });
    expect(woken).toBe(1);
    expect(await auditOf('return', requestId)).toEqual([
      {
        action: 'return.declined',
        actorEmail: admin.email,
        before: { status: 'requested' },
        after: { status: 'declined', orderId: order.id, reason },
      },
    ]);
    const [mail] = await api.test.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, customer.email), eq(outbox.kind, 'return.declined')));
    expect(mail!.text).toContain(`About your return for order ${order.number}`);
    expect(mail!.text).toContain(`> ${reason}`);
  });

  it('answers 404 for every action on a return request that is not there', async () => {
    const admin = await signedInAdmin(api);
    const id = randomUUID();
    for (const [path, body] of [
      ['approve', {}],
      ['decline', { reason: 'Not a return we know of.' }],
      ['receive', {}],
    ] as const) {
      const response = await api.post(`/admin/returns/${id}/${path}`, body, bearer(admin.token));
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe(RETURN_MESSAGES.notFound);
    }
    expect(await auditOf('return', id)).toEqual([]);
  });

  it('refuses a move from the wrong state with its sentence, writing nothing', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { requestId } = await returnRequestFor(api, customer, [enamelLine(1)]);
    const receive = await api.post(`/admin/returns/${requestId}/receive`, {}, bearer(admin.token));
    expect(receive.status).toBe(409);
    expect(((await receive.json()) as { error: string }).error).toBe(RETURN_MESSAGES.notApproved);
    expect(await auditOf('return', requestId)).toEqual([]);
  });
});
