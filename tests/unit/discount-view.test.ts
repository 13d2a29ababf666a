import { describe, expect, it } from 'vitest';
import { discountOf, lineDiscountOf } from '../../api/modules/orders/discount-view';

/**
 * Issue 42 point 6: the one mapper of an order's discount into every order answer (the
 * confirmation, the history, the guest page, the back office), at its edges: a code that took
 * nothing off is not shown, nor is an amount without a code; a line with no share has no
 * `discount` at all (the answers leave it out rather than say $0.00).
 */
describe("an order's discount in its answers", () => {
  it('shows the code as the owner wrote it and the amount in dollars', () => {
    expect(discountOf({ discountCode: 'Spring-5', discountCents: 505 })).toEqual({
      code: 'Spring-5',
      amount: 5.05,
    });
    expect(discountOf({ discountCode: 'ONECENT', discountCents: 1 })).toEqual({
      code: 'ONECENT',
      amount: 0.01,
    });
  });

  it('shows nothing for a code that took nothing off, or for an order without a code', () => {
    expect(discountOf({ discountCode: 'NOTHING', discountCents: 0 })).toBeNull();
    expect(discountOf({ discountCode: null, discountCents: 0 })).toBeNull();
    expect(discountOf({ discountCode: '', discountCents: 250 })).toBeNull();
    expect(discountOf({ discountCode: null, discountCents: 250 })).toBeNull();
  });

  it("gives a line its share in dollars, and a line without one no 'discount' key", () => {
    expect(lineDiscountOf({ discountCents: 414 })).toEqual({ discount: 4.14 });
    expect(lineDiscountOf({ discountCents: 1 })).toEqual({ discount: 0.01 });
    const none = lineDiscountOf({ discountCents: 0 });
    expect(none).toEqual({});
    expect('discount' in none).toBe(false);
  });
});
