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
    .min(1, PAYMENT_MESSAGES.expiry)
    .max(12, PAYMENT_MESSAGES.expiry),
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
