import { describe, expect, it } from 'vitest';
import {
  cardFieldErrors,
  formatExpiry,
  parseExpiry,
  PAYMENT_MESSAGES,
} from '../../core/payments/model';

/** Issue 13 point 5: the expiry as typed, and every card field's problem at once. */
describe('the card form', () => {
  it.each([
    ['1229', '12/29'],
    ['12', '12'],
    ['122', '12/2'],
    ['12/29', '12/29'],
    ['1/29', '01/29'],
    ['12/2034', '12/2034'],
    ['12 / 29', '12/29'],
    ['ab', ''],
  ])('formats %s as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  const now = new Date('2026-11-23T12:00:00Z');

  it('gives a month of 13 its own message', () => {
    expect(
      cardFieldErrors(
        { number: '4242424242424242', expiry: parseExpiry('13/29'), cvc: '123' },
        now,
      ),
    ).toEqual({ expiry: PAYMENT_MESSAGES.expiryMonth });
  });

  it('names every bad field at once', () => {
    expect(
      cardFieldErrors({ number: '4242', expiry: parseExpiry('11/25'), cvc: '1' }, now),
    ).toEqual({
      number: PAYMENT_MESSAGES.cardNumber,
      expiry: PAYMENT_MESSAGES.expiry,
      cvc: PAYMENT_MESSAGES.cvc,
    });
  });

  it('asks American Express for four digits and takes this month as not passed', () => {
    const amex = { number: '3782 822463 10005', expiry: parseExpiry('11/26'), cvc: '123' };
    expect(cardFieldErrors(amex, now)).toEqual({ cvc: PAYMENT_MESSAGES.cvc });
    expect(cardFieldErrors({ ...amex, cvc: '1234' }, now)).toEqual({});
  });
});
