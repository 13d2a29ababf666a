import { eq } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import { PAYMENT_REFUND_TEXT, type PaymentRefundBody } from '../../../../core/admin/order-money';
import { formatCents } from '../../../../core/money';
import { heldByCardsOf, voidCardsOf } from '../../gift-cards';
import { closeOrder } from '../close';
import { paymentsOf } from '../order-money';
import { refundPayments } from '../refund-payments';
import { audit, type Actor, type AdminDeps } from './deps';

/** The gateway's idempotency key of an owner's refund of one payment, scoped to the order. */
export const paymentRefundKey = (orderId: string, key: string) =>
  `order-${orderId}-payment-refund-${key}`;

/**
 * POST /admin/orders/:id/refund-payment (issue 35): the owner gives back part or all of what one
 * instrument paid (a gift card's part back on the card, a card's through the gateway), never more
 * than is left on it; a retried click with the same key refunds once. One audit row either way.
 */
export async function refundPayment(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  body: PaymentRefundBody,
) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  const record = (status: string) =>
    audit(deps.db, actor, {
      action: 'order.refund-payment',
      entity: 'order',
      entityId: id,
      after: { status, paymentId: body.paymentId, amountCents: body.amountCents },
    });
  await keepCardsBack(deps, id, body.amountCents);
  try {
    const outcome = await refundPayments(deps, order, {
      amountCents: body.amountCents,
      key: paymentRefundKey(id, body.idempotencyKey),
      actorEmail: actor.email,
      reason: 'refunded by the shop',
      paymentId: body.paymentId,
    });
    await record('succeeded');
    // A refund that leaves nothing paid closes the order (issue 35): the gift cards it bought are
    // voided, and what was not shipped goes back to stock.
    const left = (await paymentsOf(deps.db, id)).reduce(
      (sum, payment) => sum + payment.amountCents - payment.refundedCents,
      0,
    );
    if (left === 0) await closeOrder(deps, id, { by: 'full-refund', actorEmail: actor.email });
    return outcome;
  } catch (error) {
    if (error instanceof AppError && error.type === 'UNAVAILABLE') await record('failed');
    throw error;
  }
}

/**
 * What stands in the gift cards the order bought is never given back (issue 35): a valid card can
 * still be spent, so a refund that reaches into its amount voids the cards first; what they
 * already paid for stays kept back, and a refund asking for it is refused with how much can go.
 */
async function keepCardsBack(deps: AdminDeps, orderId: string, amountCents: number) {
  let held = await heldByCardsOf(deps.db, orderId);
  if (held === 0) return;
  const open = (await paymentsOf(deps.db, orderId)).reduce(
    (sum, payment) => sum + payment.amountCents - payment.refundedCents,
    0,
  );
  if (amountCents > open - held) {
    await deps.db.transaction((tx) => voidCardsOf(tx, orderId, 'refunded by the shop'));
    held = await heldByCardsOf(deps.db, orderId);
  }
  const most = Math.max(0, open - held);
  if (amountCents > most) {
    throw new AppError(
      'INVALID_DATA',
      PAYMENT_REFUND_TEXT.keptBack(formatCents(most), formatCents(held)),
    );
  }
}
