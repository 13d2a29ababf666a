import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { downloadGrants, orderItems, orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { enqueueMail } from '../../mail';
import { lockOrder } from '../fulfilment';
import { ownedBy, type Customer } from '../ownership';
import { freshDownloadLinksEmail, reissueLimitEmail } from './email';
import { hasDownloadFile } from './files';
import {
  DOWNLOAD_MESSAGES,
  type DownloadLine,
  type DownloadLink,
  type FreshLinksRequest,
} from '../../../../core/downloads/model';
import {
  digitalLines,
  grantDownloads,
  nextIssue,
  orderIsPaid,
  prepare,
  type DownloadDependencies,
} from './grants';

/**
 * A guest's request for fresh links: when the number and the email name a paid order with
 * downloads, its links are made anew and emailed to the order's address; once the order has had
 * its reissues, that address is told so instead. Answers nothing either way, so the request tells
 * a stranger nothing about the shop's orders.
 */
export async function requestFreshLinks(
  deps: DownloadDependencies,
  request: FreshLinksRequest,
): Promise<void> {
  const [order] = await deps.db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      firstname: orders.firstname,
    })
    .from(orders)
    .where(
      and(
        eq(orders.number, request.orderNumber),
        sql`lower(${orders.email}) = ${request.email.toLowerCase()}`,
        orderIsPaid,
      ),
    );
  if (!order) return;
  const prepared = prepare(deps.shop, await digitalLines(deps.db, eq(orders.id, order.id)));
  if (prepared.links.length === 0) return;
  const about = { shop: deps.shop, orderNumber: order.number, firstname: order.firstname };
  const mail = await freshDownloadLinksEmail({ ...about, links: prepared.links });
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await lockOrder(tx, order.id, 'update', orderIsPaid))) return 'not paid';
    const issue = await nextIssue(tx, order.id);
    if (issue === undefined) return 'limit';
    await grantDownloads(tx, prepared, issue);
    await enqueueMail(tx, { kind: 'downloads.reissued', to: order.email, ...mail });
    return 'sent';
  });
  if (outcome === 'not paid') return;
  if (outcome === 'limit') {
    const note = await reissueLimitEmail(about);
    await enqueueMail(deps.db, { kind: 'downloads.reissue-limit', to: order.email, ...note });
  }
  deps.onMailQueued?.();
}

/**
 * A signed-in customer's fresh link to one digital line of their own paid order: 404 for an order
 * or line that is not theirs, 409 with 'reissueLimit' once the order has had its reissues.
 */
export async function reissueForCustomer(
  deps: DownloadDependencies,
  customer: Customer,
  line: { orderId: string; itemId: string },
): Promise<DownloadLink> {
  const theirs = and(ownedBy(customer), orderIsPaid)!;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, line.orderId, 'update', theirs);
    const [found] = locked
      ? await digitalLines(
          tx,
          and(eq(orders.id, line.orderId), eq(orderItems.id, line.itemId), theirs)!,
        )
      : [];
    if (!found) throw new AppError('NOT_FOUND', DOWNLOAD_MESSAGES.notFound);
    const issue = await nextIssue(tx, line.orderId);
    if (issue === undefined) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.reissueLimit);
    const prepared = prepare(deps.shop, [found]);
    const [link] = prepared.links;
    if (!link) throw new AppError('UNAVAILABLE', DOWNLOAD_MESSAGES.reissueFailed);
    await grantDownloads(tx, prepared, issue);
    return link;
  });
}

/** The paid digital lines of a customer's orders, with their newest link's state. */
export async function customerDownloads(db: Db, customer: Customer): Promise<DownloadLine[]> {
  const lines = await digitalLines(db, and(ownedBy(customer), orderIsPaid)!);
  const deliverable = lines.filter((line) => hasDownloadFile(line.slug));
  if (deliverable.length === 0) return [];
  const grants = await db
    .select()
    .from(downloadGrants)
    .where(
      and(
        inArray(
          downloadGrants.orderItemId,
          deliverable.map((line) => line.itemId),
        ),
        isNull(downloadGrants.revokedAt),
      ),
    )
    .orderBy(desc(downloadGrants.createdAt));
  return deliverable.map((line) => {
    const grant = grants.find((row) => row.orderItemId === line.itemId);
    const live = grant && grant.expiresAt > new Date();
    return {
      orderId: line.orderId,
      itemId: line.itemId,
      title: line.title,
      expiresAt: grant ? grant.expiresAt.toISOString() : null,
      usesLeft: grant && live ? grant.maxUses - grant.uses : 0,
    };
  });
}
