import { describe, expect, it } from 'vitest';
import { productCreateBody } from '../../core/admin/model';
import { subtotal } from '../../core/cart/rules';
import {
  centsToDecimal,
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatDollars,
  formatRate,
  isWholeCents,
} from '../../core/money';

// spec §7: amounts are computed in cents. One conversion each way and one formatter, which every
// page, island, email and the back office use.
describe('money', () => {
  it('converts dollars to cents to the nearest cent, float noise aside', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1.005)).toBe(100);
    expect(dollarsToCents(40)).toBe(4000);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('converts cents to dollars with two decimals', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(30)).toBe(0.3);
    expect(centsToDollars(4000)).toBe(40);
  });

  it('knows a whole number of cents from a finer amount', () => {
    expect(isWholeCents(19.99)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(12)).toBe(true);
    expect(isWholeCents(19.999)).toBe(false);
    expect(isWholeCents(0.001)).toBe(false);
    // The float-noise allowance is below a millionth of a cent: a hundred-millionth of a dollar
    // (exactly a millionth of a cent) is already a finer amount.
    expect(isWholeCents(0.000_000_01)).toBe(false);
  });

  it('formats dollars as the shop shows them', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(0.3)).toBe('$0.30');
    expect(formatDollars(19.99 * 3)).toBe('$59.97');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-2.5)).toBe('-$2.50');
  });

  it('formats whole cents the same way, and refuses anything else', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(-250)).toBe('-$2.50');
    for (const cents of [0, 7, 99, 1999, 123450, 987654321]) {
      expect(formatCents(cents)).toBe(formatDollars(centsToDollars(cents)));
    }
    // The log names the amount that was not whole cents.
    expect(() => formatCents(19.99)).toThrow(new TypeError('Not a whole number of cents: 19.99'));
    expect(() => formatCents(Number.NaN)).toThrow(
      new TypeError('Not a whole number of cents: NaN'),
    );
  });

  it('writes cents as a plain decimal for spreadsheets and structured data', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(-123401)).toBe('-1234.01');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(() => centsToDecimal(10.5)).toThrow(RangeError);
  });

  it('formats a tax rate as a percentage', () => {
    expect(formatRate(0.1035)).toBe('10.35%');
    expect(formatRate(0.065)).toBe('6.5%');
    expect(formatRate(0.1)).toBe('10%');
    // A tenth or a hundredth of a percent keeps its place: 1.05 %, not 1.5 %; 8.6 %, not 8.06 %.
    expect(formatRate(0.0105)).toBe('1.05%');
    expect(formatRate(0.086)).toBe('8.6%');
    expect(formatRate(0.1001)).toBe('10.01%');
    expect(formatRate(0)).toBe('0%');
  });

  it('adds a cart subtotal in cents', () => {
    expect(
      subtotal([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(subtotal([{ price: 19.99, quantity: 3 }])).toBe(59.97);
  });

  it('reads an edited price in dollars as cents, with at most two decimals', () => {
    const price = (value: unknown) => {
      const parsed = productCreateBody.shape.price.safeParse(value);
      return parsed.success ? parsed.data : 'refused';
    };
    expect(price('19.99')).toBe(1999);
    expect(price(0.1 + 0.2)).toBe(30);
    expect(price('40')).toBe(4000);
    expect(price('19.999')).toBe('refused');
  });
});
