import { describe, expect, it } from 'vitest';
import { dollars, exportQuery, EXPORT_MESSAGES, neutraliseCell } from '../../core/admin/exports';
import {
  nextDay,
  shopDateTime,
  shopDayOf,
  shopMidnight,
  shopRange,
} from '../../core/shop-calendar';
import { pickList } from '../../core/admin/slips';

describe('formula neutralising (issue 28: CSV for the accountant)', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('a cell starting with %j gets a leading quote', (c) => {
    expect(neutraliseCell(`${c}SUM(A1:A9)`)).toBe(`'${c}SUM(A1:A9)`);
    expect(neutraliseCell(c)).toBe(`'${c}`);
  });

  it('leaves safe values alone, a trigger inside a value included', () => {
    for (const safe of ['Campfire Enamel Mug', '12.50', 'a=b', 'x@example.com', '', ' =1', "'=1"]) {
      expect(neutraliseCell(safe)).toBe(safe);
    }
  });
});

describe('amounts in dollars', () => {
  it('two decimals, no sign or separator, from whole cents', () => {
    expect(dollars(0)).toBe('0.00');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(1999)).toBe('19.99');
    expect(dollars(123456789)).toBe('1234567.89');
    expect(dollars(-250)).toBe('-2.50');
    expect(() => dollars(1.5)).toThrow(RangeError);
  });
});

describe("dates in the shop's time zone (America/Los_Angeles)", () => {
  it('writes the wall clock of Los Angeles, winter and summer', () => {
    expect(shopDateTime(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15 00:00:00');
    expect(shopDateTime(new Date('2026-07-01T06:59:59Z'))).toBe('2026-06-30 23:59:59');
    expect(shopDayOf(new Date('2026-12-01T07:59:59Z'))).toBe('2026-11-30');
    expect(shopDayOf(new Date('2026-12-01T08:00:00Z'))).toBe('2026-12-01');
  });

  it("a shop day begins at Los Angeles' midnight, across both DST changes", () => {
    expect(shopMidnight('2026-01-01').toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(shopMidnight('2026-07-01').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 2026-03-08 (spring forward at 2 a.m.) and 2026-11-01 (fall back) begin on the old offset.
    expect(shopMidnight('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(shopMidnight('2026-03-09').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(shopMidnight('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(shopMidnight('2026-11-02').toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('a range covers its last day whole, month and year ends included', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    const { start, end } = shopRange({ from: '2026-11-01', to: '2026-11-30' });
    expect(start.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('refuses a day that does not exist and a range that ends before it starts', () => {
    expect(exportQuery.safeParse({ from: '2026-02-01', to: '2026-02-28' }).success).toBe(true);
    const bad = exportQuery.safeParse({ from: '2026-02-01', to: '2026-02-30' });
    expect(bad.error?.issues[0]?.message).toBe(EXPORT_MESSAGES.date);
    const reversed = exportQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.error?.issues[0]?.message).toBe(EXPORT_MESSAGES.range);
  });
});

describe('pick list', () => {
  it('totals units per SKU across orders, counting each order once per SKU', () => {
    const line = (sku: string, quantity: number) => ({ sku, title: sku, option: null, quantity });
    expect(
      pickList([{ lines: [line('B', 2), line('A', 1), line('B', 1)] }, { lines: [line('B', 3)] }]),
    ).toEqual([
      { sku: 'A', title: 'A', option: null, units: 1, orders: 1 },
      { sku: 'B', title: 'B', option: null, units: 6, orders: 2 },
    ]);
  });

  it('groups by SKU and personalized text: each text is made apart (issue 40)', () => {
    const mug = (name: string | null, quantity: number) => ({
      sku: 'MUG',
      title: 'Mug',
      option: null,
      quantity,
      ...(name ? { personalization: [`Name on the mug: ${name}`] } : {}),
    });
    expect(
      pickList([
        { lines: [mug('Jo', 1), mug('Sam', 2)] },
        { lines: [mug('Jo', 1), mug(null, 4)] },
      ]).map(({ personalization, units, orders }) => ({ personalization, units, orders })),
    ).toEqual([
      { personalization: undefined, units: 4, orders: 1 },
      { personalization: ['Name on the mug: Jo'], units: 2, orders: 2 },
      { personalization: ['Name on the mug: Sam'], units: 2, orders: 1 },
    ]);
  });
});
