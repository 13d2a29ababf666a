import { describe, expect, it } from 'vitest';
import { isDigitalOnly, limitMessage } from '../../core/cart/rules';
import { STATE_OPTIONS } from '../../core/address/states';
import { ALLOWED_STATES } from '../../core/address/model';
import { limitText } from '../../src/islands/catalogue/purchase-texts';
import { formatCardNumber } from '../../src/islands/shared/card';

/** Issue 24 points 3, 7 and 8: the pure rules behind the checkout's and the product page's texts. */
describe('the one quantity sentence', () => {
  const mug = { digital: false, stock: 40, most: 6 };
  const crew = { digital: false, stock: 3, most: 6 };
  it('says the limit that binds: 6 an order, or the stock under 6', () => {
    expect(limitText(mug, 0, 6, limitMessage)).toBe('6 is the most one order can hold');
    expect(limitText({ ...mug, stock: undefined }, 0, 6, limitMessage)).toBe(
      '6 is the most one order can hold',
    );
    expect(limitText(crew, 0, 3, limitMessage)).toBe('Only 3 left');
  });
  it("with some in the cart and room for more, the spec's sentence", () => {
    expect(limitText(crew, 2, 1, limitMessage)).toBe('You can only add 1 more of this item.');
  });
  it("a digital item already in the cart is 'Already in your cart', never 'add 0 more'", () => {
    expect(limitText({ digital: true, stock: undefined, most: 1 }, 1, 0, limitMessage)).toBe(
      'Already in your cart',
    );
  });
});

describe('the card number as typed', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4000-0000-0000-0002', '4000 0000 0000 0002'],
    ['378282246310005', '3782 822463 10005'],
    ['', ''],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('%s reads %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('the state select and digital-only carts', () => {
  it('offers exactly the 49 allowed states, valued by their codes, in order of their names', () => {
    expect(STATE_OPTIONS.map((option) => option.value).sort()).toEqual([...ALLOWED_STATES].sort());
    const names = STATE_OPTIONS.map((option) => option.label);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
  it('a cart is digital-only when every line is digital, and not when empty', () => {
    expect(isDigitalOnly([{ kind: 'digital' }, { kind: 'digital' }])).toBe(true);
    expect(isDigitalOnly([{ kind: 'digital' }, { kind: 'goods' }])).toBe(false);
    expect(isDigitalOnly([])).toBe(false);
  });
});
