import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orderRefunds,
  orders,
  payments,
  returnRequestItems,
  returnRequests,
  type RefundLine,
  type ReturnStatus,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { enqueueMail } from '../mail/outbox';
import {
  returnApprovedEmail,
  returnDeclinedEmail,
  returnRefundedEmail,
  type ReturnEmailData,
} from '../mail/templates/ReturnEmails';
import type { SignedInUser } from '../../plugins/auth';
import { audit, type AdminDeps } from './service';
import { RETURN_MESSAGES, type RefundBody } from '../../../core/admin/model';

type Actor = Pick<SignedInUser, 'id' | 'email'>;

/** The return request with its order and the lines it sends back. */
async function loadReturn(db: Db, id: string) {
  const [row] = await db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  if (!row) return undefined;
  const items = await db
    .select({
      orderItemId: returnRequestItems.orderItemId,
      quantity: returnRequestItems.quantity,
      title: orderItems.title,
      variantTitle: orderItems.variantTitle,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, id))
    .orderBy(asc(orderItems.position));
  return { ...row, items };
}

/** What every refund not failed has given back for an order: in total and by line. */
async function refundedSoFar(db: Db, orderId: string) {
  const rows = await db
    .select({ amountCents: orderRefunds.amountCents, lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  const byLine = new Map<string, number>();
  for (const line of rows.flatMap((row) => row.lines)) {
    byLine.set(line.orderItemId, (byLine.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return { totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0), byLine };
}

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

const emailData = (
  found: NonNullable<Awaited<ReturnType<typeof loadReturn>>>,
): ReturnEmailData => ({
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
    mail?: (found: NonNullable<Awaited<ReturnType<typeof loadReturn>>>) => Promise<{
      kind: string;
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

/** POST /admin/returns/:id/receive: approved → received (the parcel is back). */
export const receiveReturn = (deps: AdminDeps, actor: Actor, id: string) =>
  moveReturn(deps, actor, id, 'approved', 'received', RETURN_MESSAGES.notApproved);

/** The gateway's idempotency key of one partial refund: the browser's key, scoped to the order. */
export const partialRefundKey = (orderId: string, key: string) => `order-${orderId}-refund-${key}`;

/**
 * POST /admin/returns/:id/refund: refunds chosen lines and quantities of the order once its return
 * is received. Three steps:
 * 1. with the order row locked, checks each line (part of the order, no more units than bought
 *    and not yet refunded) and the amount (each line's price and its share of the tax, never more
 *    than was paid less every earlier refund not failed), and records the refund `pending`;
 * 2. asks the gateway with an idempotency key made from the browser's (a retried click refunds
 *    once); a refusal marks the refund failed (no longer counted) and answers 503;
 * 3. marks it succeeded, moves the return received → refunded, writes the audit row and queues the
 *    customer's email, in one transaction.
 */
export async function refundReturn(deps: AdminDeps, actor: Actor, id: string, body: RefundBody) {
  const started = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ orderId: returnRequests.orderId, status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, id))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', RETURN_MESSAGES.notFound);
    const key = partialRefundKey(request.orderId, body.idempotencyKey);
    const [again] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, key));
    if (again) {
      if (again.status === 'failed') throw new AppError('CONFLICT', RETURN_MESSAGES.refundFailed);
      return { refund: again, orderId: request.orderId };
    }
    if (request.status !== 'received') throw new AppError('CONFLICT', RETURN_MESSAGES.notReceived);
    const [order] = await tx
      .select({ id: orders.id, taxRate: orders.taxRate, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update');
    const [payment] = await tx
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.orderId, order!.id), inArray(payments.status, ['paid', 'refunded'])))
      .orderBy(asc(payments.createdAt))
      .limit(1);
    if (!payment) throw new AppError('CONFLICT', RETURN_MESSAGES.noPayment);
    const items = await tx
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id));
    const soFar = await refundedSoFar(tx, order!.id);
    const wanted = new Map<string, number>();
    for (const line of body.lines) {
      wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
    }
    const lines: RefundLine[] = [];
    for (const [orderItemId, quantity] of wanted) {
      const item = items.find((candidate) => candidate.id === orderItemId);
      if (!item) throw new AppError('INVALID_DATA', RETURN_MESSAGES.lineNotInOrder);
      if (quantity > item.quantity - (soFar.byLine.get(orderItemId) ?? 0)) {
        throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooManyUnits);
      }
      const net = item.unitPriceCents * quantity;
      lines.push({ orderItemId, quantity, amountCents: net + Math.round(net * order!.taxRate) });
    }
    const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const paid = Math.min(payment.amountCents, order!.totalCents);
    if (amountCents <= 0 || amountCents > paid - soFar.totalCents) {
      throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooMuch);
    }
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order!.id,
        returnRequestId: id,
        idempotencyKey: key,
        amountCents,
        lines,
        status: 'pending',
        actorEmail: actor.email,
      })
      .returning();
    return { refund: refund!, orderId: order!.id };
  });
  const { refund } = started;
  if (refund.status === 'succeeded') return refundAnswer(refund);

  const [payment] = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(eq(payments.orderId, started.orderId), inArray(payments.status, ['paid', 'refunded'])),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1);
  try {
    await deps.gateway.refund(payment!.reference, refund.idempotencyKey, refund.amountCents);
  } catch (error) {
    log('error', 'partial refund failed', { refundId: refund.id, error: String(error) });
    await deps.db.transaction(async (tx) => {
      await tx
        .update(orderRefunds)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')));
      await audit(tx, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: started.orderId,
        before: { returnId: id },
        after: { status: 'failed', amountCents: refund.amountCents, lines: refund.lines },
      });
    });
    throw new AppError('UNAVAILABLE', RETURN_MESSAGES.refundFailed);
  }

  const finished = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(orderRefunds)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')))
      .returning();
    // A retry that raced the first answer: the first one recorded it.
    if (!done) return null;
    await tx
      .update(returnRequests)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'received')));
    await audit(tx, actor, {
      action: 'order.refund',
      entity: 'order',
      entityId: started.orderId,
      before: { returnId: id, returnStatus: 'received' },
      after: {
        status: 'succeeded',
        returnStatus: 'refunded',
        amountCents: done.amountCents,
        lines: done.lines,
      },
    });
    const found = (await loadReturn(tx, id))!;
    const itemRows = await tx
      .select({
        id: orderItems.id,
        title: orderItems.title,
        variantTitle: orderItems.variantTitle,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, started.orderId));
    const mail = await returnRefundedEmail(
      {
        number: found.order.number,
        firstname: found.order.firstname,
        items: done.lines.map((line) => {
          const item = itemRows.find((row) => row.id === line.orderItemId);
          return {
            title: item?.title ?? '',
            variantTitle: item?.variantTitle ?? null,
            quantity: line.quantity,
          };
        }),
      },
      done.amountCents,
      deps.shop,
    );
    await enqueueMail(tx, { kind: 'return.refunded', to: found.order.email, ...mail });
    return done;
  });
  if (finished) deps.onMailQueued?.();
  const [now] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return refundAnswer(now!);
}

const refundAnswer = (refund: typeof orderRefunds.$inferSelect) => ({
  id: refund.id,
  status: refund.status,
  amountCents: refund.amountCents,
  lines: refund.lines,
});
