import { z } from 'zod';

/**
 * A customer's stored cards (spec §2 Stored payments, §3 Saved payment, §7). Only the provider's
 * reusable token is kept, with what the page shows. Keep this file free of server imports.
 */

/** spec §3 Saved payment: _id, last4Number, expirationMonth, expirationYear (and the brand). */
export interface SavedPaymentDto {
  _id: string;
  brand: string;
  last4Number: string;
  expirationMonth: string;
  expirationYear: string;
}

/** DELETE /user/payment {_id}. */
export const deletePaymentBody = z.object({ _id: z.string().max(100) });

/** spec §8 Payments, word for word, and ours. */
export const CARD_MESSAGES = {
  loadFailed: 'Failed to load payment methods.',
  deleteFailed: 'Failed to delete payment method.',
  deleteError: 'Unable to delete payment method.',
  notFound: 'We could not find that payment method.',
  notOffered: 'Stored cards are not available with this payment provider.',
  providerUnavailable: 'Your stored cards cannot be reached right now. Please try again later.',
  empty: 'You have no stored cards yet.',
  saveThisCard: 'Save this card',
} as const;
