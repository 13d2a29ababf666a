import { AppError } from '../../lib/errors';
import type { ResolvedLine } from '../../../core/cart/lines';
import {
  GIFT_CARD_CUSTOM_SKU,
  GIFT_CARD_TEXTS,
  type GiftCardDetails,
} from '../../../core/gift-cards/model';
import { dollarsToCents } from '../../../core/money';

export type { GiftCardDetails };

/**
 * A gift card line as the order prices it: its details are required (already parsed by the
 * order schema, the product form's schema), and its unit price is the variant's amount, or for
 * the custom-amount variant the whole-dollar amount the shopper chose (checked by that schema).
 */
export function giftCardLine(
  line: ResolvedLine,
  details: GiftCardDetails | undefined,
): { unitPriceCents: number; details: GiftCardDetails } {
  if (!details) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.detailsRequired);
  if (line.sku === GIFT_CARD_CUSTOM_SKU) {
    if (details.amount === undefined) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.amount);
    return { unitPriceCents: dollarsToCents(details.amount), details };
  }
  const { amount: _ignored, ...rest } = details;
  return { unitPriceCents: line.priceCents, details: rest };
}
