import type { OrderItemRow, OrderRow } from '../../db/schema';
import { centsToDollars } from '../../../core/money';
import type { DiscountDto } from '../../../core/discounts/model';

/**
 * The order's discount code in every order answer (issue 42): the confirmation, the customer's
 * history, the guest page and the back office. One mapper, so they all say the same.
 */
export function discountOf(
  order: Pick<OrderRow, 'discountCode' | 'discountCents'>,
): DiscountDto | null {
  if (!order.discountCode || order.discountCents <= 0) return null;
  return { code: order.discountCode, amount: centsToDollars(order.discountCents) };
}

/** A line's share of the order's discount, dollars, as the line's `discount`; nothing when none. */
export function lineDiscountOf(item: Pick<OrderItemRow, 'discountCents'>): { discount?: number } {
  return item.discountCents > 0 ? { discount: centsToDollars(item.discountCents) } : {};
}
