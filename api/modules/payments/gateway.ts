import { AppError } from '../../lib/errors';
import type { CardBrand } from '../../../core/payments/model';

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
  /** The provider's customer a stored card is bound to; required to charge a stored card. */
  customer?: string;
  /** A stored card charged without the shopper typing it (Stripe `off_session`). */
  offSession?: boolean;
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

/** What the gateway answers for a refund it made. */
export interface RefundReceipt {
  /** The gateway's id for the refund (a Refund id `re_…` with Stripe); the same for a retry. */
  reference: string;
}

/** What the gateway knows of a charge, asked by its idempotency key (the recovery job). */
export type ChargeLookup = { kind: 'charged'; charge: ChargeResult } | { kind: 'not_charged' };

/** A reusable card bound to a customer at the provider. */
export interface SavedMethod {
  /** The provider's reusable payment-method id. */
  reference: string;
  card: CardSummary;
}

/**
 * Stored cards at the provider (issue 11): one customer per user; a one-use card turned into a
 * reusable method bound to that customer (Stripe: a SetupIntent); listing; a permanent detach.
 */
export interface CardWallet {
  createCustomer(input: { email: string; userId: string; idempotencyKey: string }): Promise<string>;
  /** Throws PAYMENT_REQUIRED when the card is refused, INVALID_DATA when the token is unusable. */
  saveCard(customer: string, paymentMethodId: string, idempotencyKey: string): Promise<SavedMethod>;
  listCards(customer: string): Promise<SavedMethod[]>;
  /** Detaches for good; throws when the provider did not. */
  detachCard(customer: string, reference: string): Promise<void>;
}

/**
 * The port every payment adapter implements. `charge` throws an AppError of type PAYMENT_REQUIRED
 * (402) with a sentence the shopper can act on when the card is refused.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives the whole charge back (used when a later step of the order fails), or only
   * `amountCents` of it (the back office's partial refund after a return).
   */
  refund(reference: string, idempotencyKey: string, amountCents?: number): Promise<RefundReceipt>;
  /** Whether the charge made with this idempotency key took money (paid or still processing). */
  lookup(idempotencyKey: string): Promise<ChargeLookup>;
  /** Stored cards, where the adapter offers them. */
  wallet?: CardWallet;
}

export function paymentDeclined(message: string): AppError {
  return new AppError('PAYMENT_REQUIRED', message);
}
