import type { OrderItemRow, OrderRow } from '../../db/schema';
import { RETURN_WINDOW_DAYS } from '../../../core/orders/history-model';
import { returnExclusion } from '../../../core/orders/returns';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { daysAfter } from '../../../core/dates';

/** Whether the return policy allows a line back (core/orders/returns.ts says why not). */
export function isReturnable(
  item: Pick<OrderItemRow, 'kind' | 'unitPriceCents'> &
    Partial<Pick<OrderItemRow, 'personalization'>>,
) {
  return returnExclusion(item) === null;
}

/** The return window's last instant: RETURN_WINDOW_DAYS after delivery. */
export function returnWindowEnd(deliveredAt: Date): Date {
  return daysAfter(deliveredAt, RETURN_WINDOW_DAYS);
}

/** Whether a delivered order is still within the return window. */
export function withinReturnWindow(
  order: Pick<OrderRow, 'shippingStatus' | 'deliveredAt'>,
  now: Date = new Date(),
): boolean {
  if (order.shippingStatus !== ORDER_STATE.delivered || !order.deliveredAt) return false;
  return now.getTime() <= returnWindowEnd(order.deliveredAt).getTime();
}
