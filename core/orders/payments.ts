/**
 * An order's payments (issue 35): every instrument that paid part of it is a row of its own, a
 * gift card's redemption as much as a card's charge, and what was paid is their sum. What an order
 * answer shows of each, and the words that name it ("Visa ending in 4242 — $58.90").
 */
import { formatCents } from '../money';

/** How a payment was made: a gift card's balance, or a card through one of the gateways. */
export const PAYMENT_METHODS = ['gift_card', 'sandbox', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One payment of an order as its answers show it, computed by the server from its rows. */
export interface PaymentView {
  /** The payment row's id: the owner's per-instrument refund names it. */
  id: string;
  method: PaymentMethod;
  amountCents: number;
  refundedCents: number;
  last4: string | null;
  brand: string | null;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Gift card ending in 5R64", "Visa ending in 4242", or "Card" without its last 4. */
export function instrumentName(payment: Pick<PaymentView, 'method' | 'brand' | 'last4'>): string {
  const name =
    payment.method === 'gift_card'
      ? 'Gift card'
      : (BRAND_NAMES[(payment.brand ?? '').toLowerCase()] ?? 'Card');
  return payment.last4 ? `${name} ending in ${payment.last4}` : name;
}

/** "Visa ending in 4242 — $58.90": an instrument and what it paid. */
export function paymentLine(
  payment: Pick<PaymentView, 'method' | 'brand' | 'last4' | 'amountCents'>,
) {
  return `${instrumentName(payment)} — ${formatCents(payment.amountCents)}`;
}

/** What is left to refund on one payment. */
export const refundableCents = (payment: Pick<PaymentView, 'amountCents' | 'refundedCents'>) =>
  Math.max(0, payment.amountCents - payment.refundedCents);
