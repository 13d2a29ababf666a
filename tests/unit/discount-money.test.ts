import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  applyDiscount,
  discountAmountCents,
  type DiscountLine,
} from '../../core/discounts/money';

// Issue 42: what a code takes off (percent rounded half up; fixed never more than the eligible
// lines), shared over those lines by largest remainder to the cent, never a gift card's.
const goods = (netCents: number): DiscountLine => ({ netCents, kind: 'goods' });
const card = (netCents: number): DiscountLine => ({ netCents, kind: 'gift_card' });
const sum = (shares: number[]) => shares.reduce((total, share) => total + share, 0);

describe('discountAmountCents', () => {
  it('takes a percentage rounded half up to the cent', () => {
    expect(discountAmountCents({ kind: 'percent', value: 10 }, 1000)).toBe(100);
    // 10 % of $0.45 is 4.5 cents: up to 5; of $0.44, 4.4 cents: down to 4.
    expect(discountAmountCents({ kind: 'percent', value: 10 }, 45)).toBe(5);
    expect(discountAmountCents({ kind: 'percent', value: 10 }, 44)).toBe(4);
    expect(discountAmountCents({ kind: 'percent', value: 15 }, 1999)).toBe(300); // 299.85
    expect(discountAmountCents({ kind: 'percent', value: 15 }, 1990)).toBe(299); // 298.5 → 299
    expect(discountAmountCents({ kind: 'percent', value: 100 }, 1234)).toBe(1234);
    expect(discountAmountCents({ kind: 'percent', value: 1 }, 149)).toBe(1); // 1.49
    expect(discountAmountCents({ kind: 'percent', value: 1 }, 150)).toBe(2); // 1.5
  });

  it('takes a fixed amount, never more than the eligible lines are worth', () => {
    expect(discountAmountCents({ kind: 'fixed', value: 500 }, 2000)).toBe(500);
    expect(discountAmountCents({ kind: 'fixed', value: 500 }, 500)).toBe(500);
    expect(discountAmountCents({ kind: 'fixed', value: 500 }, 499)).toBe(499);
    expect(discountAmountCents({ kind: 'fixed', value: 500 }, 0)).toBe(0);
  });
});

describe('allocateDiscount', () => {
  it('shares in proportion to the nets and adds up exactly', () => {
    // $10 over 1000, 2000, 3000: exactly 166.67, 333.33, 500 → 167, 333, 500.
    const shares = allocateDiscount([goods(1000), goods(2000), goods(3000)], [0, 1, 2], 1000);
    expect(shares).toEqual([167, 333, 500]);
    expect(sum(shares)).toBe(1000);
  });

  it('gives the cents left over to the largest remainders', () => {
    // 2 over 1, 1, 1 → 0.67 each: two cents left, to the first two (ties: earlier line).
    expect(allocateDiscount([goods(1), goods(1), goods(1)], [0, 1, 2], 2)).toEqual([1, 1, 0]);
    // 7 over 300, 300, 400 (1000): 2.1, 2.1, 2.8 → 2, 2, 2 and one left to the 0.8.
    expect(allocateDiscount([goods(300), goods(300), goods(400)], [0, 1, 2], 7)).toEqual([2, 2, 3]);
    // 5 over 100, 200, 300 (600): 0.833, 1.667, 2.5 → 0, 1, 2 and two left: 0.833 and 0.667.
    expect(allocateDiscount([goods(100), goods(200), goods(300)], [0, 1, 2], 5)).toEqual([1, 2, 2]);
  });

  it('breaks a tie for the earlier line, whatever the later one', () => {
    expect(allocateDiscount([goods(500), goods(500)], [0, 1], 1)).toEqual([1, 0]);
    expect(allocateDiscount([goods(500), goods(500), goods(500)], [0, 1, 2], 2)).toEqual([1, 1, 0]);
    expect(allocateDiscount([goods(500), goods(500), goods(500)], [2, 1, 0], 1)).toEqual([1, 0, 0]);
  });

  it('gives nothing to a line not eligible, nor to a gift card', () => {
    expect(allocateDiscount([goods(1000), goods(3000), card(5000)], [1, 2], 600)).toEqual([
      0, 600, 0,
    ]);
    expect(allocateDiscount([card(5000), goods(1000)], [0, 1], 100)).toEqual([0, 100]);
    expect(allocateDiscount([card(5000)], [0], 100)).toEqual([0]);
    expect(allocateDiscount([goods(1000)], [], 100)).toEqual([0]);
    expect(allocateDiscount([goods(0), goods(1000)], [0, 1], 100)).toEqual([0, 100]);
  });

  it('never takes more than the eligible lines are worth', () => {
    expect(allocateDiscount([goods(300), goods(200)], [0, 1], 900)).toEqual([300, 200]);
    expect(allocateDiscount([goods(300), goods(200)], [0, 1], 500)).toEqual([300, 200]);
    expect(allocateDiscount([goods(300), goods(200)], [0, 1], 0)).toEqual([0, 0]);
  });

  it('adds up exactly for any amounts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + (next() % 6) }, () => goods(1 + (next() % 50_000)));
      const all = lines.map((_, index) => index);
      const worth = sum(lines.map((line) => line.netCents));
      const discount = next() % (worth + 1);
      const shares = allocateDiscount(lines, all, discount);
      expect(sum(shares)).toBe(discount);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(lines[index]!.netCents);
        // Within a cent of the exact proportional share.
        expect(Math.abs(share - (discount * lines[index]!.netCents) / worth)).toBeLessThan(1);
      });
    }
  });
});

describe('applyDiscount', () => {
  it('takes a percentage of the eligible lines only and shares it over them', () => {
    const lines = [goods(1999), goods(2500), card(5000), goods(1000)];
    // 10 % of 1999 + 2500 = 449.9 → 450; shared 1999:2500 → 199.93…, 250.06… → 200, 250.
    expect(applyDiscount({ kind: 'percent', value: 10 }, lines, [0, 1])).toEqual({
      discountCents: 450,
      shares: [200, 250, 0, 0],
    });
  });

  it('never counts a gift card among the eligible lines', () => {
    const lines = [card(5000), goods(1000)];
    expect(applyDiscount({ kind: 'fixed', value: 3000 }, lines, [0, 1])).toEqual({
      discountCents: 1000,
      shares: [0, 1000],
    });
    expect(applyDiscount({ kind: 'percent', value: 50 }, lines, [0, 1])).toEqual({
      discountCents: 500,
      shares: [0, 500],
    });
  });

  it('takes nothing when nothing is eligible', () => {
    expect(applyDiscount({ kind: 'fixed', value: 500 }, [goods(1000)], [])).toEqual({
      discountCents: 0,
      shares: [0],
    });
  });
});
