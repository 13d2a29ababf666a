import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactMessages,
  inboxReads,
  orderIssueReports,
  orders,
  returnRequests,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/audit';
import { recordRead } from './inbox-reads';
import { repliesOf } from './inbox-reply';

/** An SQL condition: the inbox item of `kind` with id `id` has not been read. */
export const unread = (kind: string, id: SQL) =>
  sql`not exists (select 1 from ${inboxReads} where ${inboxReads.kind} = ${kind} and ${inboxReads.itemId} = ${id}::text)`;

/**
 * GET /admin/inbox: contact messages, issue reports and return requests (h-history's tables) in
 * one list, newest first, unread marked, each linking its order when it names one, with the
 * owner's replies on its thread.
 */
export async function inbox(db: Db) {
  const contact = await db
    .select({
      id: contactMessages.id,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      orderNumber: contactMessages.orderNumber,
      // The order the writer named, when there is one of that number: the inbox links it.
      orderId: sql<
        string | null
      >`(select ${orders.id} from ${orders} where ${orders.number}::text = ${contactMessages.orderNumber})`,
      status: sql<string | null>`null`,
      createdAt: contactMessages.createdAt,
      unread: sql<boolean>`${unread('contact', sql`${contactMessages.id}`)}`,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(INBOX_LIMIT);
  const issues = await db
    .select({
      id: orderIssueReports.id,
      email: orders.email,
      subject: sql<string>`'Issue with order ' || ${orders.number}`,
      message: orderIssueReports.message,
      orderNumber: sql<string>`${orders.number}::text`,
      orderId: orders.id,
      status: sql<string | null>`null`,
      createdAt: orderIssueReports.createdAt,
      unread: sql<boolean>`${unread('issue', sql`${orderIssueReports.id}`)}`,
    })
    .from(orderIssueReports)
    .innerJoin(orders, eq(orders.id, orderIssueReports.orderId))
    .orderBy(desc(orderIssueReports.createdAt))
    .limit(INBOX_LIMIT);
  const returns = await db
    .select({
      id: returnRequests.id,
      email: orders.email,
      subject: sql<string>`'Return request for order ' || ${orders.number}`,
      message: returnRequests.message,
      orderNumber: sql<string>`${orders.number}::text`,
      orderId: orders.id,
      status: sql<string | null>`${returnRequests.status}`,
      // What the owner decides on (issue 39): why it comes back, and when it was delivered.
      reason: returnRequests.reason,
      deliveredAt: orders.deliveredAt,
      createdAt: returnRequests.createdAt,
      unread: sql<boolean>`${unread('return', sql`${returnRequests.id}`)}`,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .orderBy(desc(returnRequests.createdAt))
    .limit(INBOX_LIMIT);
  const items = [
    ...contact.map((row) => ({
      kind: 'contact' as const,
      ...row,
      reason: null,
      deliveredAt: null,
    })),
    ...issues.map((row) => ({ kind: 'issue' as const, ...row, reason: null, deliveredAt: null })),
    ...returns.map((row) => ({ kind: 'return' as const, ...row })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, INBOX_LIMIT);
  const replies = await repliesOf(
    db,
    items.filter((item) => item.kind !== 'return').map((item) => item.id),
  );
  return { items: items.map((item) => ({ ...item, replies: replies.get(item.id) ?? [] })) };
}

const INBOX_LIMIT = 200;

/** The table of each kind of inbox item. */
const INBOX_TABLES = {
  contact: contactMessages,
  issue: orderIssueReports,
  return: returnRequests,
} as const;
export type InboxKind = keyof typeof INBOX_TABLES;

/** The answer to a mark-read of an id that names no inbox item of its kind. */
export const INBOX_NOT_FOUND = 'There is no such message.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /admin/inbox/:kind/:id/read: marks an inbox item read once, with an audit row, in one
 * transaction. An id that names no item of that kind is 404 and nothing is written. The item's
 * row is locked meanwhile, so two marks at once write one read and one audit row.
 */
export async function markRead(db: Db, actor: Actor, kind: InboxKind, id: string) {
  const table = INBOX_TABLES[kind];
  await db.transaction(async (tx) => {
    const [item] = UUID.test(id)
      ? await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('no key update')
      : [];
    if (!item) throw new AppError('NOT_FOUND', INBOX_NOT_FOUND);
    await recordRead(tx, actor, kind, id);
  });
  return { ok: true };
}
