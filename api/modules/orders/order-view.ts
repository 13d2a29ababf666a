import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { DiscountDto } from '../../../core/discounts/model';
import type { GiftDto } from '../../../core/orders/gift';
import { centsToDollars } from '../../../core/money';
import type { PricedDiscount } from './pricing';

/** Parts of an order's answers that every reader of an order shows the same way. */

/** The gift part of an order's answers: null when the order is not a gift (issue 26). */
export function giftOf(
  order: Pick<OrderRow, 'giftMessage' | 'giftHidePrices' | 'giftRecipientEmail'>,
): GiftDto | null {
  if (order.giftMessage === null) return null;
  return {
    message: order.giftMessage,
    hidePrices: order.giftHidePrices,
    recipientEmail: order.giftRecipientEmail,
  };
}

/**
 * The discount code of an order as every answer shows it (issue 42): the code as applied and what
 * it took off, dollars; null without one. The one mapping the order's readers share.
 */
export function discountOf(
  order: Pick<OrderRow, 'discountCode' | 'discountCents'>,
): DiscountDto | null {
  if (order.discountCode === null) return null;
  return { code: order.discountCode, amount: centsToDollars(order.discountCents) };
}

/** A line's share of the discount for its answer: absent when the line took none. */
export function lineDiscountOf(item: Pick<OrderItemRow, 'discountCents'>): { discount?: number } {
  return item.discountCents > 0 ? { discount: centsToDollars(item.discountCents) } : {};
}

/** The order row's discount columns for a priced order's code (none: the columns' defaults). */
export function discountColumns(discount: PricedDiscount | null) {
  if (!discount) return {};
  return {
    discountCode: discount.code,
    discountCodeId: discount.codeId,
    discountCents: discount.cents,
  };
}
