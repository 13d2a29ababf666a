import { z } from 'zod';
import type { PaymentView } from '../orders/payments';

/**
 * What an order's money reads in the back office (issue 25 point 3): paid, each refund, and net,
 * all in integer cents, recomputed by the server from the payment and refund rows.
 */

/** The words the owner reads for an order's payment once it was taken. */
export const PAYMENT_STATE = {
  paid: 'paid',
  partiallyRefunded: 'partially refunded',
  refunded: 'refunded',
} as const;

/** 'paid', 'partially refunded' or 'refunded'; a payment not taken keeps its own status. */
export type OrderPaymentState =
  (typeof PAYMENT_STATE)[keyof typeof PAYMENT_STATE] | 'pending' | 'failed';

/** One refund as the owner reads it: when, which lines, how much, the gateway's reference. */
export interface OrderRefundView {
  id: string;
  createdAt: string | Date;
  amountCents: number;
  /** The gateway's id for the refund; null for refunds made before it was recorded. */
  reference: string | null;
  lines: { orderItemId: string; title: string; quantity: number; amountCents: number }[];
}

export interface OrderMoney {
  paidCents: number;
  refundedCents: number;
  netCents: number;
  state: OrderPaymentState;
  refunds: OrderRefundView[];
  /** Each instrument that paid (the gift card's first), what it paid and what it gave back. */
  payments: PaymentView[];
}

/**
 * The state from what was paid and what went back: nothing back is 'paid', all of it 'refunded',
 * some of it 'partially refunded'. An order whose payment was never taken keeps 'pending' or
 * 'failed'.
 */
export function paymentState(
  paymentStatus: string,
  paidCents: number,
  refundedCents: number,
): OrderPaymentState {
  if (paymentStatus === 'pending' || paymentStatus === 'failed') return paymentStatus;
  if (refundedCents <= 0) return PAYMENT_STATE.paid;
  if (refundedCents >= paidCents) return PAYMENT_STATE.refunded;
  return PAYMENT_STATE.partiallyRefunded;
}

/** The owner's refund of one payment (issue 35): which instrument, how much, once per form. */
export const paymentRefundBody = z.object({
  paymentId: z.uuid(),
  amountCents: z.coerce.number().int().min(1).max(100_000_000),
  /** Made by the browser once per refund form, so a retried click refunds once. */
  idempotencyKey: z.uuid(),
});
export type PaymentRefundBody = z.infer<typeof paymentRefundBody>;

export const PAYMENT_REFUND_TEXT = {
  button: (amount: string, instrument: string) => `Refund ${amount} to ${instrument}`,
  confirm: (amount: string, instrument: string, number: number) =>
    `Refund ${amount} of order ${number} to ${instrument}? This cannot be undone.`,
  done: (amount: string) => `Refunded ${amount}.`,
  nothingLeft: 'Nothing is left to refund on this payment.',
  /** What the gift cards the order bought already paid for is never given back (issue 35). */
  keptBack: (most: string, spent: string) =>
    `At most ${most} can be refunded: the gift cards this order bought have already paid for ${spent}.`,
} as const;
