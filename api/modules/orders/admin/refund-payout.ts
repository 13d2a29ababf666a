import { and, eq, sql } from 'drizzle-orm';
import { orderRefunds, orders, paymentRefunds, type OrderRefundRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { refundPayments } from '../refund-payments';
import { RETURN_MESSAGES } from '../../../../core/admin/model';
import { audit, type Actor, type AdminDeps } from './deps';

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
