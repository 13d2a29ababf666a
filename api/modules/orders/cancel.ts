import { and, eq, inArray } from 'drizzle-orm';
import { orders, type OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { HISTORY_MESSAGES } from '../../../core/orders/history-model';
import { closeOrder, UNFINISHED, type CloseDependencies } from './close';
import { isLinkHolder, type Customer } from './ownership';

export { refundKeyFor } from './close';
export type CancelDependencies = CloseDependencies;

/**
 * POST /orders/cancel (and /orders/guest/cancel, with the order's signed link): the customer's
 * cancel, through closeOrder (close.ts). Another customer's order, or one not listed, is 404 with
 * nothing changed; an order past unfulfilled (shipped, delivered, canceled; a digital-only order is
 * delivered when paid and can be canceled until a download), or one with a file already
 * downloaded, is 409; a refund the gateway refuses is 503 'Unable to cancel order.', and the same
 * cancel sent again finishes it (one refund key per order).
 */
export async function cancelOrder(
  deps: CancelDependencies,
  customer: Customer,
  orderId: string,
): Promise<OrderRow> {
  const closed = await closeOrder(deps, orderId, {
    by: isLinkHolder(customer) ? 'guest' : 'customer',
    // Refunds are recorded as the order's buyer's, as they always were.
    actorEmail: '',
    customer,
  });
  if (!closed) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.cancelFailed);
  if (closed.outcome === 'refused') throw new AppError('CONFLICT', HISTORY_MESSAGES.cancelFailed);
  return closed.order;
}

/**
 * The back office's retry of a cancellation whose refund failed (or was cut short): undefined when
 * the order is not `canceling` or `refund_failed`; throws 'Unable to cancel order.' (503) when the
 * refund fails again. Two at once finish it once (closeOrder holds the order's row).
 */
export async function retryCancellation(
  deps: CancelDependencies,
  orderId: string,
  actorEmail?: string,
): Promise<OrderRow | undefined> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.shippingStatus, UNFINISHED)));
  if (!order) return undefined;
  const closed = await closeOrder(deps, orderId, {
    by: 'owner',
    actorEmail: actorEmail ?? order.email,
  });
  return closed?.order;
}
