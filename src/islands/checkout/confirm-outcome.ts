import { ORDER_MESSAGES } from '../../../core/orders/model';
import type { ApiResult } from '../shared/api';

/**
 * Whether a failed confirm is a definite refusal the shopper must fix (a declined card, a changed
 * price, an item out of stock or gone, a mistake in the form): only then is the idempotency key
 * let go, so that the next confirm is a new attempt. On anything else (no answer, a 5xx, a
 * gateway timeout, "still confirming", too many requests) the order may exist or be under way:
 * the key is kept, and pressing again asks the server about the same order instead of placing a
 * second one and charging twice.
 */
export function shopperMustFix(result: Extract<ApiResult<unknown>, { ok: false }>): boolean {
  // 404: a stored card that is no longer the shopper's (deleted meanwhile): nothing was written.
  if (result.status === 402 || result.status === 400 || result.status === 404) return true;
  if (result.status === 409) return result.error !== ORDER_MESSAGES.stillConfirming;
  return false;
}
