import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../api/db/schema';
import { canMovePayment, PAYMENT_TRANSITIONS } from '../../api/modules/payments/status';

describe('the payment-status state machine', () => {
  it('lists every status once', () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it.each<[PaymentStatus, PaymentStatus, boolean]>([
    ['pending', 'paid', true],
    ['pending', 'failed', true],
    ['failed', 'paid', true],
    ['paid', 'refunded', true],
    ['paid', 'failed', false],
    ['paid', 'pending', false],
    ['refunded', 'paid', false],
    ['refunded', 'failed', false],
    ['failed', 'pending', false],
    ['pending', 'pending', false],
    ['pending', 'refunded', false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canMovePayment(from, to)).toBe(allowed);
  });

  it('only moves forward: no path ever comes back to a status it left', () => {
    const rank = (status: PaymentStatus) =>
      ['pending', 'failed', 'paid', 'refunded'].indexOf(status);
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_TRANSITIONS[from]) expect(rank(to)).toBeGreaterThan(rank(from));
    }
  });
});
