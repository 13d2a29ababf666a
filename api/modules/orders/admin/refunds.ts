import { eq } from 'drizzle-orm';
import { orders, type OrderRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { retryCancellation } from '../cancel';
import { closeOrder } from '../close';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import type { CancelBody } from '../../../../core/admin/cancel-reason';
import { auditOrderMove, refuseTransition, type Actor, type AdminDeps } from './deps';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';

/**
 * POST /admin/orders/:id/cancel: cancel and refund an unfulfilled order through closeOrder
 * (orders/close.ts), as every close: the order's row locked, one refund key per order, stock back
 * once, the cards it bought voided. The order keeps the owner's reason, so the customer's email (now or after a
 * retried refund) says the shop canceled it and why. A refund that fails leaves it `refund_failed`
 * (503) for a retry. One audit row either way, with the reason.
 */
export async function cancelAndRefund(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  { reason, note }: CancelBody,
) {
  const why = note === null ? { reason } : { reason, note };
  return finishCancellation(
    deps,
    actor,
    id,
    'order.cancel',
    ORDER_STATE.unfulfilled,
    async () => {
      const closed = await closeOrder(deps, id, {
        by: 'owner',
        actorEmail: actor.email,
        reason,
        note,
      });
      if (closed?.outcome !== 'closed') {
        await refuseTransition(deps.db, id, ADMIN_MESSAGES.notUnfulfilled);
      }
      return closed!.order;
    },
    why,
  );
}

/** POST /admin/orders/:id/retry-refund: finishes a cancellation whose refund failed. */
export async function retryRefund(deps: AdminDeps, actor: Actor, id: string) {
  const [current] = await deps.db
    .select({ status: orders.shippingStatus })
    .from(orders)
    .where(eq(orders.id, id));
  if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  return finishCancellation(deps, actor, id, 'order.retry-refund', current.status, async () => {
    const order = await retryCancellation(deps, id, actor.email);
    if (!order) throw new AppError('CONFLICT', ADMIN_MESSAGES.notRefundFailed);
    return order;
  });
}

async function finishCancellation(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  action: string,
  before: string,
  run: () => Promise<OrderRow>,
  recorded: Record<string, unknown> = {},
) {
  const record = (after: string) =>
    auditOrderMove(deps.db, actor, id, { action, from: before, to: after }, recorded);
  try {
    const order = await run();
    await record(order.shippingStatus);
    return { status: order.shippingStatus };
  } catch (error) {
    if (error instanceof AppError && (error.type === 'CONFLICT' || error.type === 'NOT_FOUND')) {
      throw error;
    }
    const [now] = await deps.db
      .select({ status: orders.shippingStatus })
      .from(orders)
      .where(eq(orders.id, id));
    await record(now?.status ?? 'unknown');
    throw error;
  }
}
