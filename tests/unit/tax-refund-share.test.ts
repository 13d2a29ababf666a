import { describe, expect, it } from 'vitest';
import { refundAmount } from '../../core/admin/refund-amount';
import { lineTaxShare } from '../../core/admin/line-refund';
import { periodDays, shopDayOf } from '../../core/shop-calendar';

describe("a refund's tax adds up its lines' own tax (issue 35 point 6)", () => {
  // Three $1 units at 10 cents of tax on their line, and a gift card line (never taxed at sale).
  const three = { id: 'cup', quantity: 3, unitPriceCents: 100, taxCents: 10, refundedQuantity: 0 };
  const card = { id: 'card', quantity: 1, unitPriceCents: 5000, taxCents: 0, refundedQuantity: 0 };
  const paid = 300 + 10 + 5000;

  it('each refund gives back its units’ share of the line’s tax; the refunds sum to the tax', () => {
    const taxes: number[] = [];
    let refunded = 0;
    for (let unit = 0; unit < 3; unit += 1) {
      const figures = refundAmount(
        [{ ...three, refundedQuantity: unit }, card],
        [{ orderItemId: 'cup', quantity: 1 }],
        paid,
        refunded,
      );
      refunded += figures.amountCents;
      taxes.push(figures.taxCents);
    }
    // round(10 / 3) = 3, round(20 / 3) − 3 = 4, 10 − 7 = 3: the line's 10 cents, none rounded away.
    expect(taxes).toEqual([3, 4, 3]);
  });

  it('the same share as the owner’s refund of lines, and none on a gift card line', () => {
    const figures = refundAmount(
      [three, card],
      [
        { orderItemId: 'cup', quantity: 2 },
        { orderItemId: 'card', quantity: 1 },
      ],
      paid,
      0,
    );
    expect(figures.taxCents).toBe(lineTaxShare(three, 2));
    expect(figures.taxCents).toBe(7);
    expect(figures.lines.find((line) => line.orderItemId === 'card')!.amountCents).toBe(5000);
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
