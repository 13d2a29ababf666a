import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, inboxReads, orderIssueReports, users } from '../../api/db/schema';
import { ADMIN_MESSAGES } from '../../core/admin/model';
import { INBOX_NOT_FOUND } from '../../api/modules/admin/inbox';
import { useApi } from '../helpers/api';
import { customerAccount, paidOrder, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer, freshEmail } from './auth-helpers';

const MADE_UP = '00000000-0000-4000-8000-000000000000';

/** Issue 22, row 14: the back office's reads of an order and its inbox actions leave audit rows. */
describe('the back office audits reads of orders and inbox actions', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const auditOf = (entity: string, entityId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: string }).error;

  it('opening an order writes who read it; its history still lists changes only; an unknown order is 404 and audits nothing', async () => {
    const admin = await signedInAdmin(api);
    const [adminRow] = await db().select().from(users).where(eq(users.email, admin.email));
    const orderId = await paidOrder(api);

    for (let open = 1; open <= 2; open++) {
      const opened = await api.get(`/admin/orders/${orderId}`, bearer(admin.token));
      expect(opened.status).toBe(200);
      const body = (await opened.json()) as { history: { action: string }[] };
      expect(body.history).toEqual([]);
      const rows = await auditOf('order', orderId);
      expect(rows).toHaveLength(open);
      expect(rows.at(-1)).toMatchObject({
        action: 'order.view',
        actorId: adminRow!.id,
        actorEmail: admin.email,
      });
    }

    const before = (await db().select().from(auditLog)).length;
    const unknown = await api.get(`/admin/orders/${MADE_UP}`, bearer(admin.token));
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(ADMIN_MESSAGES.orderNotFound);
    expect(await db().select().from(auditLog)).toHaveLength(before);
  });

  it('opening a return request writes who read it', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { requestId } = await returnRequestFor(api, customer);
    const opened = await api.get(`/admin/returns/${requestId}`, bearer(admin.token));
    expect(opened.status).toBe(200);
    expect(await auditOf('return', requestId)).toEqual([
      expect.objectContaining({ action: 'return.view', actorEmail: admin.email }),
    ]);
  });

  it('marking a contact message, an issue report and a return request read writes one read and one audit row each', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const sent = await api.post('/contact/contact', {
      email: freshEmail('writer'),
      subject: 'Order question',
      message: 'Where is my parcel please?',
    });
    expect(sent.status).toBe(201);
    const { _id: contactId } = (await sent.json()) as { _id: string };
    const { order, requestId } = await returnRequestFor(api, customer);
    const [issue] = await db()
      .insert(orderIssueReports)
      .values({ orderId: order.id, userId: customer.id, message: 'The box was crushed.' })
      .returning();

    for (const [kind, id] of [
      ['contact', contactId],
      ['issue', issue!.id],
      ['return', requestId],
    ] as const) {
      // Twice, and twice at once: read once, audited once.
      expect(
        (await api.post(`/admin/inbox/${kind}/${id}/read`, {}, bearer(admin.token))).status,
      ).toBe(200);
      const again = await Promise.all(
        [1, 2].map(() => api.post(`/admin/inbox/${kind}/${id}/read`, {}, bearer(admin.token))),
      );
      expect(again.map((answer) => answer.status)).toEqual([200, 200]);
      const reads = await db()
        .select()
        .from(inboxReads)
        .where(and(eq(inboxReads.kind, kind), eq(inboxReads.itemId, id)));
      expect(reads, kind).toHaveLength(1);
      const audited = (await auditOf(kind, id)).filter((row) => row.action === 'inbox.read');
      expect(audited, kind).toEqual([
        expect.objectContaining({
          actorEmail: admin.email,
          before: { read: false },
          after: { read: true },
        }),
      ]);
    }
  });

  it('an id that names no inbox item of its kind is 404, and nothing is stored or audited', async () => {
    const admin = await signedInAdmin(api);
    const sent = await api.post('/contact/contact', {
      email: freshEmail('writer'),
      subject: 'Order question',
      message: 'Is this the right shop?',
    });
    const { _id: contactId } = (await sent.json()) as { _id: string };
    const reads = (await db().select().from(inboxReads)).length;
    const audits = (await db().select().from(auditLog)).length;
    for (const [kind, id] of [
      ['contact', MADE_UP],
      ['issue', MADE_UP],
      ['return', MADE_UP],
      ['contact', 'made-up-id'],
      // A real contact message is not an issue report.
      ['issue', contactId],
    ]) {
      const refused = await api.post(`/admin/inbox/${kind}/${id}/read`, {}, bearer(admin.token));
      expect(refused.status, `${kind} ${id}`).toBe(404);
      expect(await errorOf(refused)).toBe(INBOX_NOT_FOUND);
    }
    expect(await db().select().from(inboxReads)).toHaveLength(reads);
    expect(await db().select().from(auditLog)).toHaveLength(audits);
  });
});
