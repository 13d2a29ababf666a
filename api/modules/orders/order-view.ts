import type { OrderRow } from '../../db/schema';
import type { GiftDto } from '../../../core/orders/gift';
import type { PricedDiscount } from './pricing';

/** Parts of an order's row and answers, shared by the order's writer and its readers. */

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

/** The order row's discount columns for a priced order's code (none: the columns' defaults). */
export function discountColumns(discount: PricedDiscount | null) {
  if (!discount) return {};
  return {
    discountCode: discount.code,
    discountCodeId: discount.codeId,
    discountCents: discount.cents,
  };
}
