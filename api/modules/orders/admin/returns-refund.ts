import { and, eq } from 'drizzle-orm';
import { orderItems, orderRefunds, orders, returnRequests } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { enqueueMail, returnRefundedEmail } from '../../mail';
import { RETURN_MESSAGES, type RefundBody } from '../../../../core/admin/model';
import { refundAmount } from '../../../../core/admin/refund-amount';
import { audit, type Actor, type AdminDeps } from './deps';
import { loadReturn, refundedSoFar } from './returns-lookup';
import { refundedTo } from '../order-money';
import { closeWhenAllRefunded } from './refund-lines';
import { payOutRefund } from './refund-payout';
import { paidOf, refundRecordedUnder } from './refund-records';
import { isGiftCardKind } from '../../../../core/product/kind';

/** The gateway's idempotency key of one partial refund: the browser's key, scoped to the order. */
export const partialRefundKey = (orderId: string, key: string) => `order-${orderId}-refund-${key}`;

/**
 * POST /admin/returns/:id/refund: refunds chosen lines and quantities of the order once its return
 * is received. Three steps:
 * 1. with the order row locked, checks each line (part of the order, no more units than bought
 *    and not yet refunded) and the amount (each line's price and its share of its own tax, never
 *    more than was paid less every earlier refund not failed), and records the refund `pending`
 *    with the tax it gives back: the sum of the lines' shares (refund-amount.ts);
 * 2. asks the gateway with an idempotency key made from the browser's (a retried click refunds
 *    once); a refusal marks the refund failed (no longer counted) and answers 503;
 * 3. marks it succeeded, moves the return received → refunded, writes the audit row and queues the
 *    customer's email, in one transaction;
 * 4. a refund that leaves no unit of the order unrefunded closes the order through `closeOrder`.
 */
export async function refundReturn(deps: AdminDeps, actor: Actor, id: string, body: RefundBody) {
  const started = await recordPendingRefund(deps, actor, id, body);
  if (started.refund.status === 'succeeded') return refundAnswer(started.refund);
  await giveBack(deps, actor, id, started);
  const finished = await completeRefund(deps, actor, id, started);
  if (finished) deps.onMailQueued?.();
  // A return that refunds the order's last units closes it, as every full refund (issue 35).
  await closeWhenAllRefunded(deps, actor, started.orderId);
  const [now] = await deps.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.id, started.refund.id));
  return refundAnswer(now!);
}

type RefundRow = typeof orderRefunds.$inferSelect;

interface StartedRefund {
  refund: RefundRow;
  orderId: string;
}

/**
 * Step 1: with the order row locked, checks the lines and the amount and records the refund
 * `pending` (or finds the one this key already recorded).
 */
async function recordPendingRefund(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  body: RefundBody,
): Promise<StartedRefund> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ orderId: returnRequests.orderId, status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, id))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', RETURN_MESSAGES.notFound);
    const key = partialRefundKey(request.orderId, body.idempotencyKey);
    const again = await refundRecordedUnder(tx, key);
    if (again) return { refund: again, orderId: request.orderId };
    if (request.status !== 'received') throw new AppError('CONFLICT', RETURN_MESSAGES.notReceived);
    const [order] = await tx
      .select({
        id: orders.id,
        totalCents: orders.totalCents,
        taxCents: orders.taxCents,
      })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update');
    const paid = Math.min(await paidOf(tx, order!.id), order!.totalCents);
    if (paid === 0) throw new AppError('CONFLICT', RETURN_MESSAGES.noPayment);
    const items = await refundableLinesOf(tx, order!.id);
    const soFar = await refundedSoFar(tx, order!.id);
    const wanted = checkedReturnLines(items, soFar, body);
    const figures = refundAmount(
      items.map((item) => ({ ...item, refundedQuantity: soFar.byLine.get(item.id) ?? 0 })),
      [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
      paid,
      soFar.totalCents,
    );
    const { amountCents, lines } = figures;
    if (amountCents <= 0 || amountCents > paid - soFar.totalCents) {
      throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooMuch);
    }
    // The lines' shares of their own tax; never more than the order's tax not yet given back (a
    // refund recorded before the lines kept their tax may have taken another share).
    const taxCents = Math.max(
      0,
      Math.min(figures.taxCents, amountCents, order!.taxCents - soFar.taxCents),
    );
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order!.id,
        returnRequestId: id,
        idempotencyKey: key,
        amountCents,
        taxCents,
        lines,
        status: 'pending',
        actorEmail: actor.email,
      })
      .returning();
    return { refund: refund!, orderId: order!.id };
  });
}

type Tx = Parameters<Parameters<AdminDeps['db']['transaction']>[0]>[0];
type RefundableLine = Awaited<ReturnType<typeof refundableLinesOf>>[number];

/** The order's lines with what a return's refund reads: units, price, own tax and kind. */
function refundableLinesOf(tx: Tx, orderId: string) {
  return tx
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      // The line's own tax: none on a gift card line (never taxed at sale) or an exempt one.
      taxCents: orderItems.taxCents,
      // The line's share of the discount code (issue 42): its refund gives back the net.
      discountCents: orderItems.discountCents,
      kind: orderItems.kind,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * The chosen units per line (a line named twice counted once), each line the order's, not a gift
 * card, and with that many units not refunded yet.
 */
function checkedReturnLines(
  items: RefundableLine[],
  soFar: Awaited<ReturnType<typeof refundedSoFar>>,
  body: RefundBody,
): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of body.lines) {
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  for (const [orderItemId, quantity] of wanted) {
    const item = items.find((candidate) => candidate.id === orderItemId);
    if (!item) throw new AppError('INVALID_DATA', RETURN_MESSAGES.lineNotInOrder);
    // Money back for a card that keeps working would be paid twice (issue 35).
    if (isGiftCardKind(item)) throw new AppError('INVALID_DATA', RETURN_MESSAGES.giftCardLine);
    if (quantity > item.quantity - (soFar.byLine.get(orderItemId) ?? 0)) {
      throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooManyUnits);
    }
  }
  return wanted;
}

/**
 * Step 2: the order's payments give it back, the gift card's part first, then the card's through
 * the gateway with a key made from the browser's (a retried click refunds once): payOutRefund.
 */
function giveBack(deps: AdminDeps, actor: Actor, id: string, started: StartedRefund) {
  const { refund } = started;
  return payOutRefund(deps, actor, refund, 'return refunded', {
    action: 'order.refund',
    before: { returnId: id },
    after: { status: 'failed', amountCents: refund.amountCents, lines: refund.lines },
  });
}

/**
 * Step 3: moves the return received → refunded, writes the audit row and queues the customer's
 * email (with the gift card's part), in one transaction. Answers null when a racing retry did it.
 */
async function completeRefund(deps: AdminDeps, actor: Actor, id: string, started: StartedRefund) {
  return deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(returnRequests)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'received')))
      .returning({ id: returnRequests.id });
    // A retry that raced the first answer: the first one recorded it.
    if (!moved) return null;
    const [done] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.id, started.refund.id));
    if (!done) return null;
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
      done.giftCardCents,
      await refundedTo(tx, done.idempotencyKey),
    );
    await enqueueMail(tx, { kind: 'return.refunded', to: found.order.email, ...mail });
    return done;
  });
}

const refundAnswer = (refund: RefundRow) => ({
  id: refund.id,
  status: refund.status,
  amountCents: refund.amountCents,
  lines: refund.lines,
});
