import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { NETWORK_ERROR } from '../../src/islands/shared/api';
import { afterRefusal } from '../../src/islands/checkout/order-request';
import {
  confirmationKeyFor,
  finishCheckout,
  forgetConfirmationKey,
} from '../../src/stores/checkout';

const failure = (status: number, error: string) => ({ ok: false as const, status, error });

/** The review page's own outcome of a failed confirm (`afterRefusal`), then the key its next press sends. */
function keyAfter(result: ReturnType<typeof failure>, fingerprint = 'order-1') {
  const first = confirmationKeyFor(fingerprint);
  if (afterRefusal(result).forgetKey) forgetConfirmationKey();
  return { first, next: confirmationKeyFor(fingerprint) };
}

describe('the review page keeps its idempotency key unless the shopper must fix something', () => {
  beforeEach(() => finishCheckout());

  it.each([
    ['no answer (network)', failure(0, NETWORK_ERROR)],
    ['a 500', failure(500, 'Something went wrong on our side.')],
    ['a 502 from a proxy', failure(502, NETWORK_ERROR)],
    ['a gateway timeout (503)', failure(503, PAYMENT_MESSAGES.processing)],
    ['a 504', failure(504, NETWORK_ERROR)],
    ['409 still confirming', failure(409, ORDER_MESSAGES.stillConfirming)],
    ['429 too many attempts', failure(429, 'Too many attempts. Please wait a minute.')],
  ])('keeps it after %s: the next press is the same order', (_name, result) => {
    const { first, next } = keyAfter(result);
    expect(next).toBe(first);
  });

  it.each([
    ['a declined card', failure(402, PAYMENT_MESSAGES.declined)],
    ['insufficient funds', failure(402, PAYMENT_MESSAGES.insufficientFunds)],
    ['a changed price', failure(409, ORDER_MESSAGES.priceChanged('Mug', '$25.00'))],
    ['out of stock', failure(409, ORDER_MESSAGES.outOfStock)],
    ['an item gone', failure(409, ORDER_MESSAGES.unavailable)],
    ['a key used for another order', failure(409, ORDER_MESSAGES.keyReused)],
    ['a form mistake', failure(400, ORDER_MESSAGES.returnPolicy)],
  ])('lets it go after %s: the next press is a new attempt', (_name, result) => {
    const { first, next } = keyAfter(result);
    expect(next).not.toBe(first);
  });
});
