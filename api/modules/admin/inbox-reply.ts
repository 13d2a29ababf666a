import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, inboxReplies, orderIssueReports, orders, outbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail';
import { REPLY_MESSAGES, type ReplyBody, type ReplyKind } from '../../../core/admin/inbox-reply';
import { audit, type Actor } from '../../lib/audit';
import type { AdminDeps } from './deps';
import { inboxReplyEmail } from './inbox-reply-email';
import { recordRead } from './inbox-reads';

/** Who wrote the item and about what: its sender's address (null: none given), subject, words. */
async function itemToAnswer(db: Db, kind: ReplyKind, id: string) {
  if (kind === 'contact') {
    const [row] = await db
      .select({
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    return row;
  }
  const [row] = await db
    .select({
      email: orders.email,
      number: orders.number,
      message: orderIssueReports.message,
    })
    .from(orderIssueReports)
    .innerJoin(orders, eq(orders.id, orderIssueReports.orderId))
    .where(eq(orderIssueReports.id, id));
  return row && { ...row, subject: `Issue with order ${row.number}` };
}

/**
 * POST /admin/inbox/:kind/:id/reply: the owner answers a contact message or an issue report. The
 * email (to the writer, from the shop, answers to the shop's mailbox), the reply kept on the
 * thread and the audit row are written in one transaction: all of them or none.
 */
export async function replyToItem(
  deps: AdminDeps,
  actor: Actor,
  kind: ReplyKind,
  id: string,
  body: ReplyBody,
) {
  const item = await itemToAnswer(deps.db, kind, id);
  if (!item) throw new AppError('NOT_FOUND', REPLY_MESSAGES.notFound);
  if (!item.email) throw new AppError('CONFLICT', REPLY_MESSAGES.noEmail);
  const to = item.email;
  const mail = await inboxReplyEmail(
    { subject: item.subject, reply: body.message, original: item.message },
    deps.shop,
  );
  const reply = await deps.db.transaction(async (tx) => {
    const outboxId = await enqueueMail(tx, {
      kind: 'inbox.reply',
      to,
      replyTo: deps.shop.shopEmail,
      ...mail,
    });
    const [row] = await tx
      .insert(inboxReplies)
      .values({
        kind,
        itemId: id,
        to,
        subject: mail.subject,
        message: body.message,
        outboxId,
        actorId: actor.id,
        actorEmail: actor.email,
      })
      .returning();
    await audit(tx, actor, {
      action: 'inbox.reply',
      entity: kind,
      entityId: id,
      after: { replyId: row!.id, to, outboxId },
    });
    // Answered is read: the owner need not also press "Mark read" (issue 39).
    await recordRead(tx, actor, kind, id);
    return row!;
  });
  deps.onMailQueued?.();
  return { reply: replyView(reply, 'pending') };
}

/** A reply as the inbox shows it: when, by whom, what, and whether its email went out. */
const replyView = (
  row: typeof inboxReplies.$inferSelect,
  mailStatus: 'pending' | 'sent' | 'failed' | null,
) => ({
  id: row.id,
  message: row.message,
  to: row.to,
  actorEmail: row.actorEmail,
  createdAt: row.createdAt,
  mailStatus,
});
export type ReplyView = ReturnType<typeof replyView>;

/** The replies on the threads of these items, oldest first, by item id. */
export async function repliesOf(db: Db, itemIds: string[]): Promise<Map<string, ReplyView[]>> {
  const byItem = new Map<string, ReplyView[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ reply: inboxReplies, mailStatus: outbox.status })
    .from(inboxReplies)
    .leftJoin(outbox, eq(outbox.id, inboxReplies.outboxId))
    .where(inArray(inboxReplies.itemId, itemIds))
    .orderBy(asc(inboxReplies.createdAt));
  for (const { reply, mailStatus } of rows) {
    const list = byItem.get(reply.itemId) ?? [];
    list.push(replyView(reply, mailStatus));
    byItem.set(reply.itemId, list);
  }
  return byItem;
}
