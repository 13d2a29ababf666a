import { describe, expect, it } from 'vitest';
import { RETURN_EXCLUSIONS, returnExclusion } from '../../core/orders/returns';
import {
  hashGiftCardCode,
  hashTypedCode,
  newGiftCardCode,
} from '../../api/modules/gift-cards/codes';
import {
  addDays,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_TEXTS,
  giftCardDetailsSchema,
  normaliseGiftCardCode,
  shopToday,
} from '../../core/gift-cards/model';

const SECRET = 'a-test-secret-of-more-than-thirty-two-characters';

describe('gift card codes (issue 26)', () => {
  it('are 16 characters of the unambiguous alphabet, with no look-alikes', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L', 'U']) {
      expect(GIFT_CARD_ALPHABET).not.toContain(ambiguous);
    }
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(GIFT_CARD_ALPHABET.length);
    for (let round = 0; round < 200; round += 1) {
      const code = newGiftCardCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{16}$/);
    }
  });

  it('are random: 2,000 codes are all different and use every character of the alphabet', () => {
    const codes = Array.from({ length: 2000 }, newGiftCardCode);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect(seen.size).toBe(GIFT_CARD_ALPHABET.length);
  });

  it('read as typed: spaces, dashes and lower case are forgiven; anything else is not a code', () => {
    const code = 'ABCD2345EFGH6789';
    expect(normaliseGiftCardCode('abcd-2345-efgh-6789')).toBe(code);
    expect(normaliseGiftCardCode(' ABCD 2345 EFGH 6789 ')).toBe(code);
    expect(normaliseGiftCardCode(formatGiftCardCode(code))).toBe(code);
    expect(formatGiftCardCode(code)).toBe('ABCD-2345-EFGH-6789');
    expect(normaliseGiftCardCode('ABCD2345EFGH678')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD2345EFGH67890')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD2345EFGH678O')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD2345EFGH6781')).toBeUndefined();
  });

  it('are kept only as a keyed hash: the same code typed any way hashes alike, another secret not', () => {
    const code = newGiftCardCode();
    const hash = hashGiftCardCode(code, SECRET);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
    expect(hashTypedCode(formatGiftCardCode(code).toLowerCase(), SECRET)).toBe(hash);
    expect(hashGiftCardCode(code, `${SECRET}-other`)).not.toBe(hash);
    expect(hashTypedCode('not a code', SECRET)).toBeUndefined();
  });
});

describe('a gift card line’s details', () => {
  const now = new Date('2026-03-08T07:30:00Z'); // 23:30 on 7 March in Seattle
  const schema = giftCardDetailsSchema(() => now);
  const base = { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com' };

  it('takes "today" in the shop’s time zone, up to 90 days ahead', () => {
    expect(shopToday(now)).toBe('2026-03-07');
    expect(schema.safeParse({ ...base, deliverOn: '2026-03-07' }).success).toBe(true);
    expect(schema.safeParse({ ...base, deliverOn: addDays('2026-03-07', 90) }).success).toBe(true);
    const late = schema.safeParse({ ...base, deliverOn: addDays('2026-03-07', 91) });
    expect(late.error?.issues[0]?.message).toBe(GIFT_CARD_TEXTS.deliverOn);
    expect(schema.safeParse({ ...base, deliverOn: '2026-03-06' }).success).toBe(false);
  });

  it('takes a custom amount of whole dollars from 10 to 500 only', () => {
    const day = { ...base, deliverOn: '2026-03-07' };
    expect(schema.safeParse({ ...day, amount: 10 }).success).toBe(true);
    expect(schema.safeParse({ ...day, amount: 500 }).success).toBe(true);
    for (const amount of [9, 501, 25.5, -10]) {
      expect(schema.safeParse({ ...day, amount }).error?.issues[0]?.message).toBe(
        GIFT_CARD_TEXTS.amount,
      );
    }
  });

  it('refuses control characters and a message over 300 characters', () => {
    const day = { ...base, deliverOn: '2026-03-07' };
    expect(schema.safeParse({ ...day, message: 'Happy birthday,\nMum' }).success).toBe(true);
    expect(schema.safeParse({ ...day, message: 'x'.repeat(301) }).success).toBe(false);
    expect(schema.safeParse({ ...day, message: 'bell\u0007' }).success).toBe(false);
    expect(schema.safeParse({ ...day, recipientEmail: 'nope' }).success).toBe(false);
  });
});

describe('the seeded gift card and the return policy', () => {
  it('is never returnable, whatever its amount', () => {
    for (const unitPriceCents of [1000, 5000, 50_000]) {
      expect(returnExclusion({ kind: 'gift_card', unitPriceCents })).toBe(
        RETURN_EXCLUSIONS.giftCard,
      );
    }
  });
});
