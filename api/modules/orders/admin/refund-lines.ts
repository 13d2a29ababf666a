import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  auditLog,
  orderRefunds,
  orders,
  paymentRefunds,
  payments,
  type OrderItemRow,
  type OrderRefundRow,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { heldByCardsOf } from '../../gift-cards';
import {
  release,
  reservationOf,
  stockChanged,
  stockChangeOf,
  type StockChange,
} from '../../inventory';
import { enqueueMail, linesRefundedEmail } from '../../mail';
import { closeOrder } from '../close';
import { refundedTo } from '../order-money';
import { refundedSoFar, refundPayments } from '../refund-payments';
import { orderItemsOf } from '../repository';
import { ADMIN_MESSAGES, RETURN_MESSAGES } from '../../../../core/admin/model';
import {
  LINE_REFUND_TEXT,
  lineRefund,
  type LineRefundBody,
} from '../../../../core/admin/line-refund';
import { allows, orderKindOf } from '../../../../core/orders/lifecycle';
import { isGiftCardKind, isGoods } from '../../../../core/product/kind';
import { audit, type Actor, type AdminDeps } from './deps';
import { voidCardsOfLine } from './refund-cards';

/** The gateway's idempotency key of an owner's refund of lines, scoped to the order. */
export const lineRefundKey = (orderId: string, key: string) =>
  `order-${orderId}-lines-refund-${key}`;

/** The audit action of a refund of lines: one row per refund once it went through. */
export const LINES_REFUND_ACTION = 'order.refund-lines';

/** A refund line as recorded: the units, what they gave back, and how many went back to stock. */
type RecordedLine = OrderRefundRow['lines'][number] & { restocked?: number };

/**
 * POST /admin/orders/:id/refund-lines (issue 39 item 7): the owner refunds chosen lines and units
 * of an order, with or without a return, whatever their price. Four steps, each safe to repeat:
 * 1. with the order's row locked: the state allows a refund (the lifecycle), each line is the
 *    order's and its units were not refunded yet (a second refund of a unit, or two at once, is
 *    refused), the gift cards of refunded gift-card units are voided (what they already paid for
 *    is kept back), the amount is computed (each line's price and its share of its own tax; the
 *    refund of the last units gives back the rest of what was paid) and recorded `pending`;
 * 2. the payments give it back through `refundPayments` (the gift card's part first), with a key
 *    made from the browser's; a refusal marks it failed (its units can be refunded again) and
 *    answers 503;
 * 3. with the order's row locked again, once per refund: the units the owner asked go back to
 *    stock, the audit row, and the customer's email;
 * 4. a refund that leaves no unit unrefunded closes the order through `closeOrder`.
 */
export async function refundOrderLines(
  deps: AdminDeps,
  actor: Actor,
  orderId: string,
  body: LineRefundBody,
) {
  const refund = await recordRefund(deps.db, actor, orderId, body);
  if (refund.status !== 'succeeded') await giveBack(deps, actor, refund, body);
  const change = await complete(deps, actor, refund, body);
  if (change) {
    await stockChanged(deps.db, change);
    deps.onMailQueued?.();
  }
  const closed = await closeWhenAllRefunded(deps, actor, orderId);
  const [now] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return {
    id: now!.id,
    status: now!.status,
    amountCents: now!.amountCents,
    lines: now!.lines,
    orderStatus: closed,
  };
}

/** What the order's payments took, every instrument (paid, or already partly refunded). */
async function paidOf(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refunded'])));
  return Number(row?.cents ?? 0);
}

/** The chosen units per line, a line named twice counted once with both quantities. */
function wantedUnits(body: LineRefundBody): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of body.lines) {
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return wanted;
}

/** Step 1, with the order's row locked: checks, voids the refunded cards, records it `pending`. */
async function recordRefund(
  db: Db,
  actor: Actor,
  orderId: string,
  body: LineRefundBody,
): Promise<OrderRefundRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
    const key = lineRefundKey(orderId, body.idempotencyKey);
    const [again] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, key));
    if (again) {
      if (again.status === 'failed') throw new AppError('CONFLICT', RETURN_MESSAGES.refundFailed);
      return again;
    }
    const items = await orderItemsOf(tx, orderId);
    if (items.length === 0 || !allows(order.shippingStatus, orderKindOf(items), 'refund')) {
      throw new AppError('CONFLICT', LINE_REFUND_TEXT.notAllowed);
    }
    const soFar = await refundedSoFar(tx, orderId);
    const wanted = wantedUnits(body);
    for (const [orderItemId, quantity] of wanted) {
      const item = items.find((candidate) => candidate.id === orderItemId);
      if (!item) throw new AppError('INVALID_DATA', LINE_REFUND_TEXT.lineNotInOrder);
      const left = Math.max(0, item.quantity - (soFar.byLine.get(orderItemId) ?? 0));
      if (quantity > left) {
        throw new AppError('CONFLICT', LINE_REFUND_TEXT.alreadyRefunded(titleOf(item), left));
      }
    }
    const figures = lineRefund(
      items.map((item) => ({ ...item, refundedQuantity: soFar.byLine.get(item.id) ?? 0 })),
      [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    );
    // A refunded gift card can no longer be spent; what it already paid for is not given back.
    const lines: RecordedLine[] = [];
    let keptBackCents = 0;
    for (const part of figures.lines) {
      const item = items.find((candidate) => candidate.id === part.orderItemId)!;
      let amountCents = part.amountCents;
      if (isGiftCardKind(item)) {
        const voided = await voidCardsOfLine(tx, item.id, part.quantity, 'refunded by the shop');
        const kept = Math.min(voided.keptBackCents, amountCents);
        keptBackCents += kept;
        amountCents -= kept;
      }
      const restocked = body.restock && isGoods(item) ? part.quantity : 0;
      lines.push({
        orderItemId: part.orderItemId,
        quantity: part.quantity,
        amountCents,
        restocked,
      });
    }
    const sum = lines.reduce((total, line) => total + line.amountCents, 0);
    // What is left to give back: what was paid, less every refund, less what bought cards hold.
    const open =
      Math.min(await paidOf(tx, orderId), order.totalCents) -
      soFar.totalCents -
      (await heldByCardsOf(tx, orderId));
    let amountCents = sum;
    if (figures.everyUnit && open > 0) {
      // The last units give back the rest of what was paid, so the order nets exactly 0.
      amountCents = open;
      const last = lines.findLast((line) => line.amountCents > 0) ?? lines.at(-1)!;
      last.amountCents = Math.max(0, last.amountCents + open - sum);
    } else if (sum > open) {
      throw new AppError('INVALID_DATA', LINE_REFUND_TEXT.tooMuch);
    }
    if (amountCents <= 0) {
      throw new AppError(
        'INVALID_DATA',
        keptBackCents > 0 ? LINE_REFUND_TEXT.cardsSpent : LINE_REFUND_TEXT.tooMuch,
      );
    }
    const taxLeft = order.taxCents - soFar.taxCents;
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId,
        idempotencyKey: key,
        amountCents,
        taxCents: Math.max(0, Math.min(figures.everyUnit ? taxLeft : figures.taxCents, taxLeft)),
        lines,
        status: 'pending',
        actorEmail: actor.email,
      })
      .returning();
    return refund!;
  });
}

const titleOf = (item: Pick<OrderItemRow, 'title' | 'variantTitle'>) =>
  item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;

/**
 * Pays out a recorded refund (a refund of lines or of a return): the payments give it back, the
 * gift card's part first (refundPayments, keyed by the refund, so a retry refunds once). A refusal
 * answers 503; the refund is marked failed when nothing went back, so its units can be refunded
 * again, and the refusal is audited with `failed`.
 */
export async function payOutRefund(
  deps: AdminDeps,
  actor: Actor,
  refund: OrderRefundRow,
  reason: string,
  failed: { action: string; before?: Record<string, unknown>; after: Record<string, unknown> },
) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
  try {
    await refundPayments(deps, order!, {
      amountCents: refund.amountCents,
      key: refund.idempotencyKey,
      actorEmail: actor.email,
      reason,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.type === 'CONFLICT') throw error;
    await deps.db.transaction(async (tx) => {
      await tx
        .update(orderRefunds)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(
          and(
            eq(orderRefunds.id, refund.id),
            eq(orderRefunds.status, 'pending'),
            sql`not exists (select 1 from ${paymentRefunds} where ${paymentRefunds.refundId} = ${refund.id})`,
          ),
        );
      await audit(tx, actor, { entity: 'order', entityId: refund.orderId, ...failed });
    });
    throw error.type === 'UNAVAILABLE'
      ? new AppError('UNAVAILABLE', RETURN_MESSAGES.refundFailed)
      : error;
  }
}

/** Step 2: the refund of lines is paid out (payOutRefund). */
function giveBack(deps: AdminDeps, actor: Actor, refund: OrderRefundRow, body: LineRefundBody) {
  return payOutRefund(deps, actor, refund, 'refunded by the shop', {
    action: LINES_REFUND_ACTION,
    after: {
      status: 'failed',
      refundId: refund.id,
      amountCents: refund.amountCents,
      lines: refund.lines,
      reason: body.reason,
    },
  });
}

/**
 * Step 3, once per refund (the order's row locked; the refund's audit row says it was done): the
 * units asked go back to stock through the inventory module, the audit row with the reason, and
 * the customer's email. Answers the stock change to announce, or null when done before.
 */
async function complete(
  deps: AdminDeps,
  actor: Actor,
  refund: OrderRefundRow,
  body: LineRefundBody,
): Promise<StockChange | null> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, refund.orderId))
      .for('update');
    const [done] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    if (!order || done?.status !== 'succeeded') return null;
    const [recorded] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, LINES_REFUND_ACTION),
          eq(auditLog.entityId, refund.orderId),
          sql`${auditLog.after}->>'refundId' = ${refund.id}`,
          sql`${auditLog.after}->>'status' = 'succeeded'`,
        ),
      );
    if (recorded) return null;
    const items = await orderItemsOf(tx, refund.orderId);
    const lines = done.lines as RecordedLine[];
    const back = lines
      .filter((line) => (line.restocked ?? 0) > 0)
      .map((line) => {
        const item = items.find((candidate) => candidate.id === line.orderItemId)!;
        return { ...item, quantity: line.restocked! };
      });
    const reservation = reservationOf(back);
    await release(tx, reservation);
    await audit(tx, actor, {
      action: LINES_REFUND_ACTION,
      entity: 'order',
      entityId: refund.orderId,
      after: {
        status: 'succeeded',
        refundId: refund.id,
        amountCents: done.amountCents,
        lines: lines.map((line) => ({
          orderItemId: line.orderItemId,
          title: titleOf(items.find((item) => item.id === line.orderItemId)!),
          quantity: line.quantity,
          amountCents: line.amountCents,
          restocked: line.restocked ?? 0,
        })),
        reason: body.reason,
      },
    });
    const cards = lines.filter((line) =>
      isGiftCardKind(items.find((item) => item.id === line.orderItemId)!),
    );
    const cardUnits = cards.reduce((n, line) => n + line.quantity, 0);
    const cardValue = cards.reduce((sum, line) => {
      const item = items.find((candidate) => candidate.id === line.orderItemId)!;
      return sum + item.unitPriceCents * line.quantity;
    }, 0);
    const mail = await linesRefundedEmail(
      {
        number: order.number,
        firstname: order.firstname,
        amountCents: done.amountCents,
        items: lines.map((line) => {
          const item = items.find((candidate) => candidate.id === line.orderItemId)!;
          return { title: item.title, variantTitle: item.variantTitle, quantity: line.quantity };
        }),
        refundedTo: await refundedTo(tx, done.idempotencyKey),
        cardsVoided: cardUnits,
        keptBackCents: Math.max(
          0,
          cardValue - cards.reduce((sum, line) => sum + line.amountCents, 0),
        ),
      },
      deps.shop,
    );
    await enqueueMail(tx, { kind: 'order.refunded', to: order.email, ...mail });
    return stockChangeOf(reservation);
  });
}

/**
 * Step 4: once every unit of the order was refunded (by lines, a return's refund or both), the
 * order closes through `closeOrder` (issue 35: the one way an order ends without shipping):
 * canceled, its cards voided, what is left of its payments given back. Answers its state.
 */
export async function closeWhenAllRefunded(
  deps: AdminDeps,
  actor: Actor,
  orderId: string,
): Promise<string | null> {
  const items = await orderItemsOf(deps.db, orderId);
  const { byLine } = await refundedSoFar(deps.db, orderId);
  const all = items.every((item) => (byLine.get(item.id) ?? 0) >= item.quantity);
  if (items.length === 0 || !all) return null;
  // The refund's own email told the buyer; the close sends them no second one.
  const closed = await closeOrder(deps, orderId, {
    by: 'full-refund',
    actorEmail: actor.email,
    buyerTold: true,
  });
  return closed?.order.shippingStatus ?? null;
}
