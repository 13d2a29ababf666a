import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate } from '../../core/dates';
import { giftCardDetailsSchema } from '../../core/gift-cards/model';

/** Issue 35 item 8: the one date module the order request, exports and the tax file use. */
describe('calendar dates', () => {
  it('takes real days from 2000 to 2100 and refuses the rest', () => {
    for (const day of ['2026-11-30', '2028-02-29', '2000-01-01', '2100-12-31', '2026-12-31']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
    for (const day of [
      '2026-11-31',
      '2026-13-01',
      '2027-02-29',
      '2100-02-29',
      '2026-00-01',
      '2026-01-00',
      '1999-12-31',
      '2101-01-01',
      '2026-1-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '２０２６-０１-０１',
      '',
      20260101,
      null,
    ]) {
      expect(isCalendarDate(day), String(day)).toBe(false);
    }
  });

  it('agrees with the calendar for every day of the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const real =
            month >= 1 &&
            month <= 12 &&
            day >= 1 &&
            day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(isCalendarDate(text)).toBe(real);
          if (real) expect(addDays(addDays(text, 40), -40)).toBe(text);
        },
      ),
    );
  });

  it('a gift card’s delivery date must be a real day: 2026-11-31 and 2026-13-01 are refused', () => {
    const schema = giftCardDetailsSchema(() => new Date('2026-11-28T18:00:00Z'));
    const card = { recipientName: 'Grace', recipientEmail: 'grace@example.com' };
    expect(schema.safeParse({ ...card, deliverOn: '2026-11-30' }).success).toBe(true);
    expect(schema.safeParse({ ...card, deliverOn: '2026-12-01' }).success).toBe(true);
    for (const deliverOn of ['2026-11-31', '2026-13-01', '2026-11-27', '2027-02-29']) {
      expect(schema.safeParse({ ...card, deliverOn }).success, deliverOn).toBe(false);
    }
    expect(schema.safeParse({ ...card, deliverOn: '2026-12-01', message: 'x\ud800' }).success).toBe(
      false,
    );
  });
});
