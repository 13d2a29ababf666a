import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRefunds, payments, type OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { PaymentGateway } from '../payments/gateway';
import { returnToCards } from '../gift-cards/ledger';
import { HISTORY_MESSAGES } from '../../../core/orders/history-model';

/**
 * Seam 1 of issue 35 (contract35.md): a minimal version with the agreed signature, until the
 * payments-as-rows work (m35rows) brings its own. It knows an order's two instruments as they are
 * stored today: what gift cards paid (`orders.gift_card_cents`) and the card charge (`payments`).
 */
export interface RefundRequest {
  amountCents: number;
  key: string;
  actorEmail: string;
  reason: string;
  lines?: { orderItemId: string; quantity: number; amountCents: number }[];
  taxCents?: number;
  paymentId?: string;
}

export interface RefundOutcome {
  giftCardCents: number;
  cardCents: number;
  reference?: string;
}

interface Deps {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
}

/**
 * What can still be given back of an order, per instrument: the gift cards' part and the card
 * charge (only a charge that took the money), less every refund not failed, except the one
 * recorded under `exceptKey` (so a retried refund asks for the same amount).
 */
export async function refundableOf(
  db: Db,
  order: OrderRow,
  exceptKey: string,
): Promise<{ giftCardCents: number; cardCents: number }> {
  const done = await db
    .select({ amountCents: orderRefunds.amountCents, giftCardCents: orderRefunds.giftCardCents })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, order.id),
        ne(orderRefunds.status, 'failed'),
        ne(orderRefunds.idempotencyKey, exceptKey),
      ),
    );
  const toCards = done.reduce((sum, row) => sum + row.giftCardCents, 0);
  const toCard = done.reduce((sum, row) => sum + row.amountCents - row.giftCardCents, 0);
  const charge = await chargeOf(db, order.id);
  return {
    giftCardCents: Math.max(0, order.giftCardCents - toCards),
    cardCents: Math.max(0, (charge?.amountCents ?? 0) - toCard),
  };
}

/** The order's card charge that took the money and can be refunded, if any. */
async function chargeOf(db: Db, orderId: string) {
  const [charge] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return charge && charge.amountCents > 0 ? charge : undefined;
}

/**
 * Gives back `amountCents` of an order: the gift cards' part first, then the card. The gateway is
 * asked with `key` (the same key, the same refund); if it fails, nothing is recorded and
 * AppError('UNAVAILABLE') is thrown. Then, in one transaction, the cards get their part back and
 * the refund is recorded under `key` (once, however often this runs).
 */
export async function refundPayments(
  deps: Deps,
  order: OrderRow,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const { db } = deps;
  const [recorded] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.idempotencyKey, request.key));
  if (recorded && recorded.status === 'succeeded') {
    return {
      giftCardCents: recorded.giftCardCents,
      cardCents: recorded.amountCents - recorded.giftCardCents,
      reference: recorded.gatewayReference ?? undefined,
    };
  }
  const refundable = await refundableOf(db, order, request.key);
  const giftCardCents = Math.min(request.amountCents, refundable.giftCardCents);
  const cardCents = Math.min(request.amountCents - giftCardCents, refundable.cardCents);
  let reference: string | undefined;
  const charge = cardCents > 0 ? await chargeOf(db, order.id) : undefined;
  if (charge) {
    try {
      const whole = cardCents === charge.amountCents;
      ({ reference } = await deps.gateway.refund(
        charge.reference,
        request.key,
        whole ? undefined : cardCents,
      ));
    } catch (error) {
      log('error', 'refund failed at the gateway', { orderId: order.id, error: String(error) });
      throw new AppError('UNAVAILABLE', HISTORY_MESSAGES.cancelFailed);
    }
  }
  await db.transaction(async (tx) => {
    if (giftCardCents > 0) await returnToCards(tx, order.id, giftCardCents, request.reason);
    if (giftCardCents + cardCents <= 0) return;
    await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        idempotencyKey: request.key,
        amountCents: giftCardCents + cardCents,
        giftCardCents,
        taxCents: request.taxCents ?? 0,
        lines: request.lines ?? [],
        status: 'succeeded',
        gatewayReference: reference ?? null,
        actorEmail: request.actorEmail,
      })
      .onConflictDoNothing();
    if (charge && cardCents === charge.amountCents) {
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(eq(payments.id, charge.id));
    }
  });
  return { giftCardCents, cardCents, reference };
}
