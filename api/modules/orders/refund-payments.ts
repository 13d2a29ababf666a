import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderRefunds,
  orders,
  paymentRefunds,
  payments,
  type OrderRefundRow,
  type OrderRow,
  type PaymentRefundRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { PaymentGateway } from '../payments';
import { returnToCards } from '../gift-cards';
import { RETURN_MESSAGES } from '../../../core/admin/model';

export interface RefundRequest {
  amountCents: number;
  /** One key per refund: a retry with it refunds once, and finishes what a failure left. */
  key: string;
  actorEmail: string;
  reason: string;
  lines?: { orderItemId: string; quantity: number; amountCents: number }[];
  taxCents?: number;
  /** The owner's per-instrument refund: only this payment gives back. */
  paymentId?: string;
}

export interface RefundOutcome {
  giftCardCents: number;
  cardCents: number;
  /** The gateway's id for the card's part, when a card gave back. */
  reference?: string;
}

type Deps = { db: Db; gateway: Pick<PaymentGateway, 'refund'> };

interface Payable {
  id: string;
  method: string;
  reference: string;
  amountCents: number;
  /** What its parts not yet failed hold (pending or succeeded); all of it once marked refunded. */
  heldCents: number;
}

/** The order's payments that took money, the gift card's first, with what their refunds hold. */
async function payablesOf(tx: Db, orderId: string): Promise<Payable[]> {
  const rows = await tx
    .select({
      id: payments.id,
      method: payments.method,
      reference: payments.reference,
      amountCents: payments.amountCents,
      // Spelled out: drizzle leaves a one-table query's columns unqualified, even in a subquery.
      heldCents: sql<number>`(case when "payments"."status" = 'refunded'
        then "payments"."amount_cents"
        else coalesce((select sum(pr."amount_cents") from "payment_refunds" pr
          where pr."payment_id" = "payments"."id"), 0) end)::int`,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['paid', 'refunded'])))
    .orderBy(sql`${payments.method} <> 'gift_card'`, payments.createdAt);
  return rows.map((row) => ({ ...row, heldCents: Number(row.heldCents) }));
}

/**
 * What every refund of an order not failed has given back (all but the refund under `exceptKey`):
 * in total, its tax, and the units of each line (each refund's lines; a refund of an amount names none).
 */
export async function refundedSoFar(db: Db, orderId: string, exceptKey?: string) {
  const rows = await db
    .select({
      amountCents: orderRefunds.amountCents,
      taxCents: orderRefunds.taxCents,
      lines: orderRefunds.lines,
    })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        ne(orderRefunds.status, 'failed'),
        exceptKey === undefined ? undefined : ne(orderRefunds.idempotencyKey, exceptKey),
      ),
    );
  const byLine = new Map<string, number>();
  for (const line of rows.flatMap((row) => row.lines)) {
    byLine.set(line.orderItemId, (byLine.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return {
    totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
    taxCents: rows.reduce((sum, row) => sum + row.taxCents, 0),
    byLine,
  };
}

/**
 * What can still be given back of an order, per instrument (closeOrder asks before it refunds):
 * each payment that took money less what its refunds hold, not counting the parts of the refund
 * under `exceptKey`, so a retried close asks for the same amount.
 */
export async function refundableOf(
  db: Db,
  order: OrderRow,
  exceptKey: string,
): Promise<{ giftCardCents: number; cardCents: number }> {
  const payables = await payablesOf(db, order.id);
  const [own] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(eq(orderRefunds.idempotencyKey, exceptKey));
  const ownParts = own
    ? await db.select().from(paymentRefunds).where(eq(paymentRefunds.refundId, own.id))
    : [];
  const open = { giftCardCents: 0, cardCents: 0 };
  for (const payable of payables) {
    const mine = ownParts
      .filter((part) => part.paymentId === payable.id)
      .reduce((sum, part) => sum + part.amountCents, 0);
    const left = Math.max(0, payable.amountCents - payable.heldCents + mine);
    if (payable.method === 'gift_card') open.giftCardCents += left;
    else open.cardCents += left;
  }
  return open;
}

/**
 * Step 1, with the order's row locked: the refund (found by its key, or recorded `pending`), split
 * over the payments that can still give back, the gift card's first, each part a `pending` row;
 * the gift card's parts are given back to the card at once and are `succeeded`.
 */
async function planRefund(
  deps: Deps,
  order: OrderRow,
  request: RefundRequest,
): Promise<{ refund: OrderRefundRow; parts: PaymentRefundRow[] }> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    let [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, request.key));
    if (refund && (refund.orderId !== order.id || refund.status === 'failed')) {
      throw new AppError('CONFLICT', RETURN_MESSAGES.refundFailed);
    }
    const partsOf = () =>
      tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refund!.id));
    if (refund?.status === 'succeeded') return { refund, parts: await partsOf() };
    const payables = (await payablesOf(tx, order.id)).filter(
      (payable) => !request.paymentId || payable.id === request.paymentId,
    );
    if (!refund) {
      const open = payables.reduce((sum, p) => sum + p.amountCents - p.heldCents, 0);
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooMuch);
      }
      if (payables.length === 0) throw new AppError('CONFLICT', RETURN_MESSAGES.noPayment);
      if (request.amountCents > open) throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooMuch);
      [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          idempotencyKey: request.key,
          amountCents: request.amountCents,
          taxCents: request.taxCents ?? 0,
          lines: request.lines ?? [],
          status: 'pending',
          actorEmail: request.actorEmail,
        })
        .returning();
    }
    const made = await partsOf();
    let left = refund!.amountCents - made.reduce((sum, part) => sum + part.amountCents, 0);
    for (const payable of payables) {
      if (left <= 0) break;
      if (made.some((part) => part.paymentId === payable.id)) continue;
      const cents = Math.min(left, payable.amountCents - payable.heldCents);
      if (cents <= 0) continue;
      await tx.insert(paymentRefunds).values({
        paymentId: payable.id,
        refundId: refund!.id,
        // The card's part goes to the gateway with the refund's own key (an order has one charge).
        idempotencyKey: payable.method === 'gift_card' ? `${request.key}:gift-card` : request.key,
        amountCents: cents,
        status: 'pending',
      });
      left -= cents;
    }
    // Other refunds took what this one was to give back: nothing of it is recorded.
    if (left > 0) throw new AppError('INVALID_DATA', RETURN_MESSAGES.tooMuch);
    // The gift card's part goes back to it now, in this transaction.
    for (const payable of payables.filter((p) => p.method === 'gift_card')) {
      const [part] = await tx
        .select()
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.refundId, refund!.id),
            eq(paymentRefunds.paymentId, payable.id),
            eq(paymentRefunds.status, 'pending'),
          ),
        );
      if (!part) continue;
      await returnToCards(tx, order.id, part.amountCents, request.reason);
      await markSucceeded(tx, part, null);
    }
    return { refund: refund!, parts: await partsOf() };
  });
}

/** A part given back: succeeded, and its payment marked refunded once all of it went back. */
async function markSucceeded(tx: Db, part: PaymentRefundRow, reference: string | null) {
  const [done] = await tx
    .update(paymentRefunds)
    .set({ status: 'succeeded', reference, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, part.id), eq(paymentRefunds.status, 'pending')))
    .returning();
  if (!done) return;
  await tx
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, part.paymentId),
        sql`"payments"."amount_cents" <= (select coalesce(sum(pr."amount_cents"), 0)
          from "payment_refunds" pr where pr."payment_id" = "payments"."id"
          and pr."status" = 'succeeded')`,
      ),
    );
}

/**
 * Gives back `amountCents` of an order over its payments (issue 35): the gift card's part first
 * (back on the card at once), then the card's through the gateway, each part a row against its
 * payment. Idempotent by `key`: a retry finds the refund and finishes what is left of it. When the
 * gateway refuses or cannot be reached, its part is deleted (nothing is recorded as refunded that
 * was not) and AppError('UNAVAILABLE') is thrown; the gift card's part stands, given back.
 */
export async function refundPayments(
  deps: Deps,
  order: OrderRow,
  request: RefundRequest,
): Promise<RefundOutcome> {
  // Nothing to give back (a card bought with the order kept it all): nothing is recorded.
  if (request.amountCents === 0) return { giftCardCents: 0, cardCents: 0 };
  const planned = await planRefund(deps, order, request);
  const references = await deps.db
    .select({ id: payments.id, method: payments.method, reference: payments.reference })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  const methodOf = (part: PaymentRefundRow) =>
    references.find((payment) => payment.id === part.paymentId)!;
  for (const part of planned.parts.filter((p) => p.status === 'pending')) {
    const payment = methodOf(part);
    let reference: string;
    try {
      ({ reference } = await deps.gateway.refund(
        payment.reference,
        part.idempotencyKey,
        part.amountCents,
      ));
    } catch (error) {
      log('error', 'refund of a payment failed', {
        paymentId: part.paymentId,
        error: String(error),
      });
      await deps.db
        .delete(paymentRefunds)
        .where(and(eq(paymentRefunds.id, part.id), eq(paymentRefunds.status, 'pending')));
      throw new AppError('UNAVAILABLE', RETURN_MESSAGES.refundFailed);
    }
    await deps.db.transaction((tx) => markSucceeded(tx, part, reference));
  }
  const parts = await deps.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.refundId, planned.refund.id));
  const outcome: RefundOutcome = { giftCardCents: 0, cardCents: 0 };
  for (const part of parts) {
    if (methodOf(part).method === 'gift_card') outcome.giftCardCents += part.amountCents;
    else {
      outcome.cardCents += part.amountCents;
      outcome.reference ??= part.reference ?? undefined;
    }
  }
  await deps.db
    .update(orderRefunds)
    .set({
      status: 'succeeded',
      giftCardCents: outcome.giftCardCents,
      gatewayReference: outcome.reference ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(orderRefunds.id, planned.refund.id), eq(orderRefunds.status, 'pending')));
  return outcome;
}
