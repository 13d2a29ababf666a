import { BRAND_NAMES, isAcceptedBrand } from '../../../core/payments/model';
import type { BillingInfo } from '../../stores/checkout';

/** What a card form hands the billing step: it turns the card into a token, or shows why not. */
export interface CardFormHandle {
  /** Resolves to the billing info to keep, or null when the form shows a problem. */
  tokenise(): Promise<BillingInfo | null>;
}

/** The sandbox card form's fields as they are empty, and the id of each in the page. */
export const EMPTY_CARD = { number: '', expiry: '', cvc: '' };
export const cardFieldId = (name: keyof typeof EMPTY_CARD) => `card-${name}`;

export function describeCard(info: Pick<BillingInfo, 'brand' | 'last4Number'>): string {
  const brand = info.brand && isAcceptedBrand(info.brand) ? BRAND_NAMES[info.brand] : 'Card';
  return `${brand} ending in ${info.last4Number}`;
}

/** A new card's billing info (kept for this order only) from what the payment provider gave. */
export function newCardInfo(
  token: string,
  card: { last4: string; expMonth: number; expYear: number; brand: string },
): BillingInfo {
  return {
    paymentMethodId: token,
    last4Number: card.last4,
    expirationMonth: String(card.expMonth).padStart(2, '0'),
    expirationYear: String(card.expYear),
    brand: card.brand,
    stored: false,
  };
}

/**
 * A card number as it is typed, grouped for reading (issue 24 point 8): digits in fours
 * ("4242 4242 4242 4242"), American Express (34, 37) as 4-6-5 as printed on the card. Anything
 * but digits is dropped; at most 19 digits.
 */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits)
    ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15), digits.slice(15)]
    : (digits.match(/.{1,4}/g) ?? []);
  return groups.filter(Boolean).join(' ');
}
