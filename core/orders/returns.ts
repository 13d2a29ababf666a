import { isDigitalKind, isGiftCardKind, type ProductKind } from '../product/kind';

/** Whether an order or cart line was personalized: it carries at least one text. */
export const isPersonalizedLine = (item: {
  personalization?: readonly unknown[] | null | undefined;
}): boolean => (item.personalization?.length ?? 0) > 0;

/** Items under this price are final sale (return policy). */
export const FINAL_SALE_UNDER_CENTS = 3000;

/** Why the return policy keeps an item: each sentence is shown beside the item it keeps. */
export const RETURN_EXCLUSIONS = {
  digital: 'Digital products cannot be returned',
  giftCard: 'Gift cards cannot be returned',
  personalized: 'Personalized items cannot be returned',
  finalSale: 'Final sale: under $30',
  declined: 'A return of this item was declined',
} as const;

/**
 * Why the return policy does not take a line back, or null when it may come back: never digital
 * products, gift cards (both read from the line's kind) or personalized items (a line that carries
 * its texts: issue 40), never from a category or a title; items under $30 are final sale (a
 * damaged one goes through the contact form).
 */
export function returnExclusion(item: {
  kind: ProductKind;
  unitPriceCents: number;
  /** The line's personalized texts (order_items.personalization); none: not personalized. */
  personalization?: readonly unknown[] | null | undefined;
}): string | null {
  if (isDigitalKind(item)) return RETURN_EXCLUSIONS.digital;
  if (isGiftCardKind(item)) return RETURN_EXCLUSIONS.giftCard;
  if (isPersonalizedLine(item)) return RETURN_EXCLUSIONS.personalized;
  if (item.unitPriceCents < FINAL_SALE_UNDER_CENTS) return RETURN_EXCLUSIONS.finalSale;
  return null;
}

/** Why a customer sends an item back (the return form's picker). */
export const RETURN_REASONS = {
  doesnt_fit: "Doesn't fit",
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];
