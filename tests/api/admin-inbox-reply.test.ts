import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, inboxReplies, orderIssueReports, outbox, users } from '../../api/db/schema';
import type { MailMessage } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';
import { REPLY_MESSAGES } from '../../core/admin/inbox-reply';
import { useApi } from '../helpers/api';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, PASSWORD } from './auth-helpers';

interface InboxItem {
  kind: string;
  id: string;
  orderId: string | null;
  orderNumber: string | null;
  replies: { id: string; message: string; actorEmail: string; to: string }[];
}

/**
 * Issue 25 point 6: the owner answers a contact message or an issue report from the inbox; the
 * answer is mailed once through the outbox, kept on the item's thread and audited; an item that
 * names an order links it.
 */
describe('replying from the inbox', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const inbox = async (token: string) => {
    const response = await api.get('/admin/inbox', bearer(token));
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: InboxItem[] }).items;
  };
  const contact = async (body: Record<string, string>) => {
    const sent = await api.post('/contact/contact', {
      subject: 'Order question',
      message: 'Where is my parcel please?',
      ...body,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    return ((await sent.json()) as { _id: string })._id;
  };

  it('mails the reply once through the outbox, keeps it on the thread, and audits it', async () => {
    const admin = await signedInAdmin(api);
    const [adminRow] = await db().select().from(users).where(eq(users.email, admin.email));
    const writer = freshEmail('writer');
    const id = await contact({ email: writer });
    const message = 'It left on Monday.\nThe tracking link is in your email.';

    const replied = await api.post(
      `/admin/inbox/contact/${id}/reply`,
      { message },
      bearer(admin.token),
    );
    expect(replied.status, await replied.clone().text()).toBe(200);

    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, writer), eq(outbox.kind, 'inbox.reply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Re: Order question');
    expect(mails[0]!.text).toContain('It left on Monday.');
    expect(mails[0]!.text).toContain('The tracking link is in your email.');
    // The customer's own words are quoted below the answer.
    expect(mails[0]!.text).toContain('> Where is my parcel please?');

    // The worker delivers it once.
    const delivered: MailMessage[] = [];
    const worker = createOutboxWorker({
      db: db(),
      from: 'Evergreen <shop@example.com>',
      transport: {
        name: 'file',
        send: async (sent) => {
          delivered.push(sent);
        },
        close: () => {},
      },
    });
    await worker.runOnce();
    await worker.runOnce();
    expect(delivered.filter((sent) => sent.to === writer)).toEqual([
      expect.objectContaining({ id: mails[0]!.id, subject: 'Re: Order question' }),
    ]);

    const [stored] = await db().select().from(inboxReplies).where(eq(inboxReplies.itemId, id));
    expect(stored).toMatchObject({
      kind: 'contact',
      to: writer,
      message,
      outboxId: mails[0]!.id,
      actorEmail: admin.email,
    });
    const item = (await inbox(admin.token)).find((entry) => entry.id === id)!;
    expect(item.replies).toEqual([
      expect.objectContaining({ message, actorEmail: admin.email, to: writer }),
    ]);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contact'), eq(auditLog.entityId, id)));
    // The reply, and the item read by answering it (issue 39).
    expect([...audits].sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      expect.objectContaining({ action: 'inbox.read', actorId: adminRow!.id }),
      expect.objectContaining({
        action: 'inbox.reply',
        actorId: adminRow!.id,
        after: { replyId: stored!.id, to: writer, outboxId: mails[0]!.id },
      }),
    ]);
  });

  it("answers an issue report at the order's address; the report and a message naming an order link it", async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order } = await returnRequestFor(api, customer);
    const [issue] = await db()
      .insert(orderIssueReports)
      .values({ orderId: order.id, userId: customer.id, message: 'The box was crushed.' })
      .returning();
    const naming = await contact({ email: freshEmail('asker'), orderNumber: String(order.number) });

    const replied = await api.post(
      `/admin/inbox/issue/${issue!.id}/reply`,
      { message: 'A new one is on its way.' },
      bearer(admin.token),
    );
    expect(replied.status, await replied.clone().text()).toBe(200);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, customer.email), eq(outbox.kind, 'inbox.reply')));
    expect(mail!.subject).toBe(`Re: Issue with order ${order.number}`);

    const items = await inbox(admin.token);
    expect(items.find((entry) => entry.id === issue!.id)).toMatchObject({ orderId: order.id });
    expect(items.find((entry) => entry.id === naming)).toMatchObject({
      orderId: order.id,
      orderNumber: String(order.number),
    });
  });

  it('refuses an empty reply at its field, a message without an email, an unknown item, and non-owners; nothing is written', async () => {
    const admin = await signedInAdmin(api);
    const anonymous = await contact({});
    const withEmail = await contact({ email: freshEmail('writer') });
    const count = async () => ({
      mails: (await db().select().from(outbox).where(eq(outbox.kind, 'inbox.reply'))).length,
      replies: (await db().select().from(inboxReplies)).length,
      audits: (await db().select().from(auditLog).where(eq(auditLog.action, 'inbox.reply'))).length,
    });
    const before = await count();

    const empty = await api.post(
      `/admin/inbox/contact/${withEmail}/reply`,
      { message: '   ' },
      bearer(admin.token),
    );
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(REPLY_MESSAGES.message);

    const noAddress = await api.post(
      `/admin/inbox/contact/${anonymous}/reply`,
      { message: 'Hello' },
      bearer(admin.token),
    );
    expect(noAddress.status).toBe(409);
    expect(((await noAddress.json()) as { error: string }).error).toBe(REPLY_MESSAGES.noEmail);

    const unknown = await api.post(
      `/admin/inbox/issue/${withEmail}/reply`,
      { message: 'Hello' },
      bearer(admin.token),
    );
    expect(unknown.status).toBe(404);

    const customer = await customerAccount(api);
    const session = await logIn(authClient(api), { email: customer.email, password: PASSWORD });
    const path = `/admin/inbox/contact/${withEmail}/reply`;
    expect((await api.post(path, { message: 'Hello' })).status).toBe(401);
    expect((await api.post(path, { message: 'Hello' }, bearer(session.token))).status).toBe(403);

    expect(await count()).toEqual(before);
  });

  it('a reply marks what it answers read, and a return shows its reason and delivery (issue 39)', async () => {
    const admin = await signedInAdmin(api);
    const id = await contact({ email: freshEmail('reader') });
    const item = async (kind: string, itemId: string) =>
      (await inbox(admin.token)).find((entry) => entry.kind === kind && entry.id === itemId) as
        | (InboxItem & { unread: boolean; reason: string | null; deliveredAt: string | null })
        | undefined;
    expect((await item('contact', id))?.unread).toBe(true);
    const replied = await api.post(
      `/admin/inbox/contact/${id}/reply`,
      { message: 'Answered.' },
      bearer(admin.token),
    );
    expect(replied.status).toBe(200);
    expect((await item('contact', id))?.unread).toBe(false);
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'inbox.read')));
    expect(reads).toHaveLength(1);

    const customer = await customerAccount(api);
    const { requestId } = await returnRequestFor(api, customer);
    const returned = await item('return', requestId);
    expect(returned?.reason).toBe('other');
    expect(returned?.deliveredAt).toEqual(expect.any(String));
  });
});
