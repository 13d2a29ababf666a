import { isDigitalKind, isGiftCardKind, type ProductKind } from '../product/kind';

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
 * products, gift cards (both read from the line's kind, never its category or title) or
 * personalized items; items under $30 are final sale (a damaged one goes through the contact
 * form).
 */
export function returnExclusion(item: {
  kind: ProductKind;
  title: string;
  unitPriceCents: number;
}): string | null {
  if (isDigitalKind(item)) return RETURN_EXCLUSIONS.digital;
  if (isGiftCardKind(item)) return RETURN_EXCLUSIONS.giftCard;
  // Personalized items get a kind of their own with issue 40; until then the title says so.
  if (/personali[sz]ed/i.test(item.title)) return RETURN_EXCLUSIONS.personalized;
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
