import { describe, expect, it } from 'vitest';
import { refundTaxCents } from '../../core/tax/refund-tax';
import { periodDays, shopDayOf } from '../../core/shop-calendar';

describe("a refund's share of the order's tax (issue 28)", () => {
  const order = { orderTaxCents: 693, orderSubtotalCents: 6700 };

  it('gives back the lines’ share, rounded, and the last refund the rest, so the refunds sum to the tax', () => {
    const first = refundTaxCents({
      ...order,
      refundedNetCents: 2400,
      taxRefundedCents: 0,
      lastUnits: false,
    });
    expect(first).toBe(248); // 693 × 2400 / 6700 = 248.2
    const second = refundTaxCents({
      ...order,
      refundedNetCents: 2400,
      taxRefundedCents: 248,
      lastUnits: false,
    });
    expect(second).toBe(248);
    const last = refundTaxCents({
      ...order,
      refundedNetCents: 1900,
      taxRefundedCents: 496,
      lastUnits: true,
    });
    expect(last).toBe(197);
    expect(first + second + last).toBe(693);
  });

  it('the last refund takes the cents the shares rounded away', () => {
    // Three $1 lines, 10 cents of tax: each share rounds to 3, the last gives back 4.
    const three = { orderTaxCents: 10, orderSubtotalCents: 300, refundedNetCents: 100 };
    expect(refundTaxCents({ ...three, taxRefundedCents: 0, lastUnits: false })).toBe(3);
    expect(refundTaxCents({ ...three, taxRefundedCents: 3, lastUnits: false })).toBe(3);
    expect(refundTaxCents({ ...three, taxRefundedCents: 6, lastUnits: true })).toBe(4);
  });

  it('never gives back more than is left, nor anything for an untaxed order', () => {
    expect(
      refundTaxCents({ ...order, refundedNetCents: 6700, taxRefundedCents: 690, lastUnits: false }),
    ).toBe(3);
    expect(
      refundTaxCents({
        orderTaxCents: 0,
        orderSubtotalCents: 6700,
        refundedNetCents: 6700,
        taxRefundedCents: 0,
        lastUnits: true,
      }),
    ).toBe(0);
  });
});

describe("the shop's calendar", () => {
  it('dates an instant in Los Angeles and spans months and quarters', () => {
    expect(shopDayOf(new Date('2026-10-01T06:59:59Z'))).toBe('2026-09-30');
    expect(shopDayOf(new Date('2026-10-01T07:00:00Z'))).toBe('2026-10-01');
    expect(periodDays('2026-Q4')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(periodDays('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodDays('2026-Q5')).toBeNull();
  });
});
