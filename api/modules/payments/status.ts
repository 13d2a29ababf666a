import type { PaymentStatus } from '../../db/schema';

/**
 * The payment-status state machine, the one list of allowed moves. Statuses only move forward, in
 * order of their effect: pending → failed → paid → refunded. A later success after a failed
 * attempt pays; nothing moves a refunded payment; a late `succeeded` never undoes a refund and a
 * late `payment_failed` never undoes a payment, whatever order the events arrive in.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['failed', 'paid'],
  failed: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}
