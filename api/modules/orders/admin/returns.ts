import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, orderRefunds, returnRequests, type ReturnStatus } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import {
  enqueueMail,
  returnApprovedEmail,
  returnDeclinedEmail,
  type ReturnEmailData,
  type MailKind,
} from '../../mail';
import { RETURN_MESSAGES } from '../../../../core/admin/model';
import { audit, type Actor, type AdminDeps } from './deps';
import { loadReturn, refundedSoFar, type FoundReturn } from './returns-lookup';

/*
 * A customer's return request in the back office: read it, then approve or decline it. The
 * parcel's arrival (and its restock) is returns-receive.ts; its refund is returns-refund.ts.
 */

/**
 * GET /admin/returns/:id: the request, its order's lines (with what was refunded) and refunds.
 * Reading it (a customer's order and message) is audited.
 */
export async function returnDetail(db: Db, actor: Actor, id: string) {
  const found = await loadReturn(db, id);
  if (!found) throw new AppError('NOT_FOUND', RETURN_MESSAGES.notFound);
  await audit(db, actor, { action: 'return.view', entity: 'return', entityId: id });
  const [lines, refunds, soFar] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        title: orderItems.title,
        variantTitle: orderItems.variantTitle,
        sku: orderItems.sku,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
        // The line's own tax: the page's confirm amount gives back its share (refund-amount.ts).
        taxCents: orderItems.taxCents,
        // Its share of the discount code (issue 42): the confirm amount gives back the net.
        discountCents: orderItems.discountCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, found.order.id))
      .orderBy(asc(orderItems.position)),
    db
      .select({
        id: orderRefunds.id,
        amountCents: orderRefunds.amountCents,
        status: orderRefunds.status,
        lines: orderRefunds.lines,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, found.order.id))
      .orderBy(asc(orderRefunds.createdAt)),
    refundedSoFar(db, found.order.id),
  ]);
  return {
    request: {
      id: found.request.id,
      status: found.request.status,
      message: found.request.message,
      declineReason: found.request.declineReason,
      createdAt: found.request.createdAt,
      updatedAt: found.request.updatedAt,
    },
    order: {
      id: found.order.id,
      number: found.order.number,
      email: found.order.email,
      firstname: found.order.firstname,
      lastname: found.order.lastname,
      status: found.order.shippingStatus,
      totalCents: found.order.totalCents,
      taxRate: found.order.taxRate,
      deliveredAt: found.order.deliveredAt,
    },
    items: found.items,
    lines: lines.map((line) => ({
      ...line,
      refundedQuantity: soFar.byLine.get(line.id) ?? 0,
    })),
    refunds,
    refundedCents: soFar.totalCents,
  };
}

const emailData = (found: FoundReturn): ReturnEmailData => ({
  number: found.order.number,
  firstname: found.order.firstname,
  items: found.items,
});

/**
 * Moves a return request from one state to the next in one conditional update (`where status =
 * from`), so two clicks (or two admins) never both win: the loser gets 409 and nothing else is
 * written. The audit row and the customer's email go in the same transaction.
 */
async function moveReturn(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  from: ReturnStatus,
  to: ReturnStatus,
  refused: string,
  options: {
    set?: Partial<typeof returnRequests.$inferInsert>;
    mail?: (found: FoundReturn) => Promise<{
      kind: MailKind;
      subject: string;
      text: string;
      html?: string;
    }>;
  } = {},
) {
  const done = await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(returnRequests)
      .set({ ...options.set, status: to, updatedAt: new Date() })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
      .returning({ id: returnRequests.id });
    if (!moved) return null;
    const found = (await loadReturn(tx, id))!;
    await audit(tx, actor, {
      action: `return.${to}`,
      entity: 'return',
      entityId: id,
      before: { status: from },
      after: {
        status: to,
        orderId: found.order.id,
        ...(options.set?.declineReason ? { reason: options.set.declineReason } : {}),
      },
    });
    if (options.mail) {
      const mail = await options.mail(found);
      await enqueueMail(tx, { ...mail, to: found.order.email });
    }
    return { id, status: to };
  });
  if (!done) {
    const found = await loadReturn(deps.db, id);
    if (!found) throw new AppError('NOT_FOUND', RETURN_MESSAGES.notFound);
    throw new AppError('CONFLICT', refused);
  }
  if (options.mail) deps.onMailQueued?.();
  return done;
}

/** POST /admin/returns/:id/approve: requested → approved; the customer gets the instructions. */
export const approveReturn = (deps: AdminDeps, actor: Actor, id: string) =>
  moveReturn(deps, actor, id, 'requested', 'approved', RETURN_MESSAGES.notRequested, {
    mail: async (found) => ({
      kind: 'return.approved',
      ...(await returnApprovedEmail(emailData(found), deps.shop)),
    }),
  });

/** POST /admin/returns/:id/decline: requested → declined; the customer is emailed the reason. */
export const declineReturn = (deps: AdminDeps, actor: Actor, id: string, reason: string) =>
  moveReturn(deps, actor, id, 'requested', 'declined', RETURN_MESSAGES.notRequested, {
    set: { declineReason: reason },
    mail: async (found) => ({
      kind: 'return.declined',
      ...(await returnDeclinedEmail(emailData(found), reason, deps.shop)),
    }),
  });
