import { z } from 'zod';

/** The cards the shop accepts (spec §1, per the FAQ). */
export const ACCEPTED_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardBrand = (typeof ACCEPTED_BRANDS)[number];

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export function isAcceptedBrand(brand: string): brand is CardBrand {
  return (ACCEPTED_BRANDS as readonly string[]).includes(brand);
}

/** What the shopper reads when a payment does not go through: each says what to do next. */
export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined. Please use another card or contact your bank.',
  insufficientFunds: 'Your card has insufficient funds. Please use another card.',
  expired: 'Your card has expired. Please use another card.',
  incorrectCvc: 'The security code of your card is incorrect. Please check it or use another card.',
  unsupportedBrand:
    'We accept Visa, Mastercard, American Express and Discover. Please use one of these cards.',
  needsAuthentication:
    'Your bank asked for an extra verification step that this shop cannot complete yet. Please use another card.',
  processing: 'Your card could not be charged right now. Please try again in a moment.',
  invalidPaymentMethod: 'Your card details have expired. Please enter your card again.',
  sandboxOnlyTestCards:
    'This is a test shop: only the test card numbers listed on this page are accepted. Never enter a real card here.',
  cardNumber: 'Please enter a card number.',
  expiry: 'Please enter an expiry date that has not passed.',
  expiryMonth: 'The month of the expiry date must be from 01 to 12.',
  cvc: 'Please enter the 3-digit security code (4 digits for American Express).',
  invalidSignature: 'The webhook signature is not valid.',
  tokenUsed: 'These card details have already paid for an order. Please enter your card again.',
} as const;

/** The sandbox tokeniser's request: the card as typed. The number is never stored or logged. */
export const sandboxTokenRequest = z.object({
  number: z
    .string({ error: PAYMENT_MESSAGES.cardNumber })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, PAYMENT_MESSAGES.cardNumber)),
  expMonth: z.coerce
    .number({ error: PAYMENT_MESSAGES.expiry })
    .int(PAYMENT_MESSAGES.expiry)
    .min(1, PAYMENT_MESSAGES.expiryMonth)
    .max(12, PAYMENT_MESSAGES.expiryMonth),
  expYear: z.coerce
    .number({ error: PAYMENT_MESSAGES.expiry })
    .int(PAYMENT_MESSAGES.expiry)
    .transform((year) => (year < 100 ? 2000 + year : year))
    .pipe(z.number().min(2000, PAYMENT_MESSAGES.expiry).max(2100, PAYMENT_MESSAGES.expiry)),
  cvc: z.string({ error: PAYMENT_MESSAGES.cvc }).regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvc),
});
export type SandboxTokenRequest = z.input<typeof sandboxTokenRequest>;

/** The tokeniser's answer: everything the checkout keeps about a card. */
export interface CardToken {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card form's fields, as the shopper sees them: the expiry is one field, MM/YY. */
export type CardField = 'number' | 'expiry' | 'cvc';

/** Digits only, as a card number is sent to a gateway. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** American Express numbers start 34 or 37, and their security code has 4 digits. */
export const isAmexNumber = (number: string) => /^3[47]/.test(cardDigits(number));

/**
 * The expiry as the shopper types it: `1229` reads `12/29`, a slash after the month as soon as
 * the year starts; `1/29` is January. Deleting stays possible (no slash is forced back in).
 */
export function formatExpiry(typed: string): string {
  // A four-digit year pasted or autofilled whole (`12/2034`) is kept as it is.
  const fullYear = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(typed);
  if (fullYear) return `${fullYear[1]!.padStart(2, '0')}/${fullYear[2]}`;
  const singleMonth = /^\s*(\d)\s*\//.exec(typed);
  const digits = ((singleMonth ? '0' : '') + typed.replace(/\D/g, '')).slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** `MM/YY` or `MM/YYYY` to numbers; null when it is not shaped like a date at all. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryHasPassed(expMonth: number, expYear: number, now: Date): boolean {
  return (
    expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1)
  );
}

/**
 * Every card field's problem at once (the form marks them all, and the sandbox tokeniser answers
 * with all of them): the number's shape, the expiry (a month past 12 has its own message, then a
 * date that has passed), and the security code's length for the card's brand.
 */
export function cardFieldErrors(
  card: { number: string; expiry: { expMonth: number; expYear: number } | null; cvc: string },
  now: Date,
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!/^\d{12,19}$/.test(cardDigits(card.number))) errors.number = PAYMENT_MESSAGES.cardNumber;
  const { expiry } = card;
  if (!expiry) errors.expiry = PAYMENT_MESSAGES.expiry;
  else if (expiry.expMonth < 1 || expiry.expMonth > 12)
    errors.expiry = PAYMENT_MESSAGES.expiryMonth;
  else if (expiryHasPassed(expiry.expMonth, expiry.expYear, now) || expiry.expYear > 2100) {
    errors.expiry = PAYMENT_MESSAGES.expiry;
  }
  const cvcLength = isAmexNumber(card.number) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) errors.cvc = PAYMENT_MESSAGES.cvc;
  return errors;
}
