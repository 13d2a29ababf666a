import { describe, expect, it } from 'vitest';
import {
  eligibility,
  lineIsEligible,
  type CodeRules,
  type EligibleLine,
} from '../../core/discounts/eligibility';
import { DISCOUNT_MESSAGES } from '../../core/discounts/model';

// Issue 42: whether a code applies, by the shop's calendar (America/Los_Angeles), and to which
// lines; each refusal in the sentence the shopper reads.
const rules = (overrides: Partial<CodeRules> = {}): CodeRules => ({
  status: 'active',
  startsOn: null,
  endsOn: null,
  maxUses: null,
  usesCount: 0,
  minSubtotalCents: 0,
  categories: [],
  productIds: [],
  ...overrides,
});
const MUG = 'a0000000-0000-4000-8000-000000000001';
const SOAP = 'a0000000-0000-4000-8000-000000000002';
const CARD = 'a0000000-0000-4000-8000-000000000003';
const line = (productId: string, netCents: number, categories: string[]): EligibleLine => ({
  productId,
  netCents,
  categories,
  kind: 'goods',
});
const mug = line(MUG, 2000, ['Home', 'Gifts']);
const soap = line(SOAP, 1000, ['Bath']);
const giftCard: EligibleLine = {
  productId: CARD,
  netCents: 5000,
  categories: [],
  kind: 'gift_card',
};
// 2026-12-15 07:30 UTC is still Dec 14 in the shop (23:30 the evening before).
const LATE_ON_14 = new Date('2026-12-15T07:30:00Z');
const EARLY_ON_15 = new Date('2026-12-15T08:00:00Z');

describe('eligibility', () => {
  it('takes every line but a gift card when it names no category nor product', () => {
    expect(eligibility(rules(), [mug, giftCard, soap], EARLY_ON_15)).toEqual({
      ok: true,
      lines: [0, 2],
    });
  });

  it('takes the lines in its categories (any case) or among its products', () => {
    expect(eligibility(rules({ categories: [' home '] }), [soap, mug], EARLY_ON_15)).toEqual({
      ok: true,
      lines: [1],
    });
    expect(eligibility(rules({ productIds: [SOAP] }), [soap, mug], EARLY_ON_15)).toEqual({
      ok: true,
      lines: [0],
    });
    expect(
      eligibility(rules({ productIds: [SOAP], categories: ['Gifts'] }), [soap, mug], EARLY_ON_15),
    ).toEqual({ ok: true, lines: [0, 1] });
  });

  it('refuses a paused code', () => {
    expect(eligibility(rules({ status: 'paused' }), [mug], EARLY_ON_15)).toEqual({
      ok: false,
      reason: 'paused',
      message: DISCOUNT_MESSAGES.paused,
    });
  });

  it('counts its first and last day by the shop’s calendar, both included', () => {
    const from15 = rules({ startsOn: '2026-12-15' });
    expect(eligibility(from15, [mug], LATE_ON_14)).toEqual({
      ok: false,
      reason: 'notStarted',
      message: 'This discount code can be used from Dec 15.',
    });
    expect(eligibility(from15, [mug], EARLY_ON_15).ok).toBe(true);
    const to14 = rules({ endsOn: '2026-12-14' });
    expect(eligibility(to14, [mug], LATE_ON_14).ok).toBe(true);
    expect(eligibility(to14, [mug], EARLY_ON_15)).toEqual({
      ok: false,
      reason: 'ended',
      message: 'This discount code ended on Dec 14.',
    });
    const onlyThe15 = rules({ startsOn: '2026-12-15', endsOn: '2026-12-15' });
    expect(eligibility(onlyThe15, [mug], EARLY_ON_15).ok).toBe(true);
  });

  it('refuses a code used as many times as it may be', () => {
    expect(eligibility(rules({ maxUses: 1, usesCount: 1 }), [mug], EARLY_ON_15)).toEqual({
      ok: false,
      reason: 'usedUp',
      message: DISCOUNT_MESSAGES.usedUp,
    });
    expect(eligibility(rules({ maxUses: 2, usesCount: 1 }), [mug], EARLY_ON_15).ok).toBe(true);
  });

  it('compares the minimum with every line but gift cards, before the discount', () => {
    // The mug and the soap: $30.00, whichever the code applies to; the gift card does not count.
    const min30 = rules({ minSubtotalCents: 3000, categories: ['Bath'] });
    expect(eligibility(min30, [mug, soap], EARLY_ON_15)).toEqual({ ok: true, lines: [1] });
    expect(eligibility(min30, [mug, line(SOAP, 999, ['Bath']), giftCard], EARLY_ON_15)).toEqual({
      ok: false,
      reason: 'minimum',
      message: 'This discount code needs a subtotal of at least $30.00 before tax.',
    });
  });

  it('refuses a cart it applies to nothing in', () => {
    const expected = {
      ok: false,
      reason: 'nothingEligible',
      message: DISCOUNT_MESSAGES.nothingEligible,
    };
    expect(eligibility(rules({ categories: ['Bath'] }), [mug], EARLY_ON_15)).toEqual(expected);
    expect(eligibility(rules(), [giftCard], EARLY_ON_15)).toEqual(expected);
    expect(eligibility(rules({ productIds: [CARD] }), [giftCard], EARLY_ON_15)).toEqual(expected);
    // A free line is worth nothing to take off.
    expect(eligibility(rules(), [line(MUG, 0, [])], EARLY_ON_15)).toEqual(expected);
  });

  it('says the first reason that holds: paused, dates, uses, minimum, lines', () => {
    const everything = rules({
      status: 'paused',
      startsOn: '2026-12-20',
      maxUses: 1,
      usesCount: 1,
      minSubtotalCents: 100_000,
      categories: ['Bath'],
    });
    const reasons: string[] = [];
    let current = everything;
    for (const fix of [
      { status: 'active' as const },
      { startsOn: null },
      { maxUses: null },
      { minSubtotalCents: 0 },
      { categories: [] },
    ]) {
      const answer = eligibility(current, [mug], EARLY_ON_15);
      reasons.push(answer.ok ? 'ok' : answer.reason);
      current = { ...current, ...fix };
    }
    expect(reasons).toEqual(['paused', 'notStarted', 'usedUp', 'minimum', 'nothingEligible']);
    expect(
      eligibility(rules({ endsOn: '2026-12-01', maxUses: 1, usesCount: 1 }), [mug], EARLY_ON_15),
    ).toMatchObject({ reason: 'ended' });
  });
});

describe('lineIsEligible', () => {
  it('never takes a gift card, even named by its product', () => {
    expect(lineIsEligible(rules({ productIds: [CARD] }), giftCard)).toBe(false);
    expect(lineIsEligible(rules(), giftCard)).toBe(false);
  });

  it('takes a line whose product is named, or one of whose categories is', () => {
    expect(lineIsEligible(rules({ productIds: [MUG] }), mug)).toBe(true);
    expect(lineIsEligible(rules({ productIds: [SOAP] }), mug)).toBe(false);
    expect(lineIsEligible(rules({ categories: ['GIFTS'] }), mug)).toBe(true);
    expect(lineIsEligible(rules({ categories: ['Bath'] }), mug)).toBe(false);
    expect(lineIsEligible(rules({ categories: ['Bath'] }), line(MUG, 1, [' bath']))).toBe(true);
    // A line whose product is gone matches by nothing but its categories.
    const gone = { ...mug, productId: null };
    expect(lineIsEligible(rules({ productIds: [MUG] }), gone)).toBe(false);
  });
});
