import { AppError } from '../../lib/errors';
import type { CardBrand } from './model';

export type PaymentProvider = 'sandbox' | 'stripe';

export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  /** The sandbox token or Stripe PaymentMethod id the browser obtained; never a card number. */
  paymentMethodId: string;
  /** The same key gives the same charge, however often it is sent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeResult {
  /** The gateway's id for the charge. */
  reference: string;
  /** paid: the money is taken; pending: the gateway settles it later and says so by webhook. */
  status: 'paid' | 'pending';
  card: CardSummary;
}

/**
 * The port every payment adapter implements. `charge` throws an AppError of type PAYMENT_REQUIRED
 * (402) with a sentence the shopper can act on when the card is refused.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives the whole charge back (used when a later step of the order fails). */
  refund(reference: string, idempotencyKey: string): Promise<void>;
}

export function paymentDeclined(message: string): AppError {
  return new AppError('PAYMENT_REQUIRED', message);
}
