import { describe, expect, it } from 'vitest';
import {
  arrivalWindow,
  arrivalWindowFrom,
  cartArrivalWindow,
  closureNotices,
  formatArrivalRange,
  isWorkingDay,
  occasionCutoff,
  occasionNotice,
  promisedWindowOf,
  widestTransit,
} from '../../core/arrival';
import { occasionBody } from '../../core/arrival-settings';
import { federalHolidays } from '../../core/us-holidays';

/** An instant given as the shop's wall clock (America/Los_Angeles) with its UTC offset. */
const at = (wall: string, offset: '-08:00' | '-07:00') => new Date(`${wall}${offset}`);
const pst = (wall: string) => at(wall, '-08:00');
const pdt = (wall: string) => at(wall, '-07:00');

/** Issue 41: the shop calendar (weekends, federal holidays, closures) and the promised window. */
describe('the shop calendar', () => {
  it('knows the federal holidays and the days they are observed', () => {
    expect(federalHolidays(2026).map((holiday) => holiday.day)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // 2027: Juneteenth and Christmas on Saturdays; New Year's Day 2028 (a Saturday) on Dec 31.
    for (const day of ['2027-06-18', '2027-12-24', '2027-12-31', '2027-07-05']) {
      expect(isWorkingDay(day, []), day).toBe(false);
    }
    for (const day of ['2027-06-21', '2027-12-23', '2026-11-27', '2026-12-24']) {
      expect(isWorkingDay(day, []), day).toBe(true);
    }
    expect(isWorkingDay('2026-12-05', []), 'a Saturday').toBe(false);
    expect(isWorkingDay('2026-12-06', []), 'a Sunday').toBe(false);
    const closed = [{ from: '2026-12-22', to: '2026-12-24', note: '' }];
    expect(isWorkingDay('2026-12-22', closed)).toBe(false);
    expect(isWorkingDay('2026-12-24', closed)).toBe(false);
    expect(isWorkingDay('2026-12-21', closed)).toBe(true);
  });

  it('a Friday-evening order is prepared from Monday, the weekends skipped in transit', () => {
    const evening = arrivalWindow({ now: pst('2026-12-04T18:30:00'), closures: [] });
    expect(evening).toEqual({ earliest: '2026-12-14', latest: '2026-12-17', shipBy: '2026-12-08' });
    // No cut-off hour: Friday morning is the same order day as Friday evening.
    expect(arrivalWindow({ now: pst('2026-12-04T09:00:00'), closures: [] })).toEqual(evening);
  });

  it('a Thursday-evening order counts Friday, although it is Friday in UTC', () => {
    const window = arrivalWindow({ now: pst('2026-12-03T17:00:00'), closures: [] });
    expect(window).toEqual({ earliest: '2026-12-11', latest: '2026-12-16', shipBy: '2026-12-07' });
  });

  it('Thanksgiving week skips Thanksgiving Day but not the Friday after', () => {
    const window = arrivalWindow({ now: pst('2026-11-25T10:00:00'), closures: [] });
    expect(window).toEqual({ earliest: '2026-12-04', latest: '2026-12-09', shipBy: '2026-11-30' });
  });

  it('a closure range holds the parcel until the shop opens, and counts in transit', () => {
    const closures = [{ from: '2026-12-22', to: '2026-12-31', note: 'Closed for the holidays' }];
    const now = pst('2026-12-21T10:00:00');
    expect(arrivalWindow({ now, closures })).toEqual({
      earliest: '2027-01-11',
      latest: '2027-01-14',
      shipBy: '2027-01-05',
    });
    expect(arrivalWindow({ now, closures: [] })).toEqual({
      earliest: '2026-12-30',
      latest: '2027-01-05',
      shipBy: '2026-12-23',
    });
  });

  it("adds a personalized item's lead time to the preparing", () => {
    const now = pst('2026-12-01T10:00:00');
    expect(arrivalWindow({ now, closures: [], leadTimeDays: 3 })).toEqual({
      earliest: '2026-12-14',
      latest: '2026-12-17',
      shipBy: '2026-12-08',
    });
    expect(arrivalWindow({ now, closures: [] })).toEqual({
      earliest: '2026-12-09',
      latest: '2026-12-14',
      shipBy: '2026-12-03',
    });
  });

  it('reads the order day by the shop clock across the daylight-saving changes', () => {
    // Mar 8 2026, 3:30 a.m. PDT, just after the clocks went forward: Sunday, so Monday is day 1.
    expect(arrivalWindow({ now: pdt('2026-03-08T03:30:00'), closures: [] }).shipBy).toBe(
      '2026-03-10',
    );
    // Tuesday 00:30 PDT is still Monday at PST's offset: the shop's day is Tuesday.
    expect(arrivalWindow({ now: pdt('2026-03-10T00:30:00'), closures: [] })).toEqual({
      earliest: '2026-03-18',
      latest: '2026-03-23',
      shipBy: '2026-03-12',
    });
    // Monday Nov 2 2026, 23:30 PST (the clocks went back on Nov 1) is Tuesday at PDT's offset.
    expect(arrivalWindow({ now: pst('2026-11-02T23:30:00'), closures: [] })).toEqual({
      earliest: '2026-11-10',
      latest: '2026-11-16', // Veterans Day (Nov 11) skipped
      shipBy: '2026-11-04',
    });
  });

  it('an order at 23:59 belongs to its day, one at 00:01 to the next', () => {
    const late = arrivalWindow({ now: pst('2026-12-03T23:59:00'), closures: [] });
    const early = arrivalWindow({ now: pst('2026-12-04T00:01:00'), closures: [] });
    expect(late).toEqual({ earliest: '2026-12-11', latest: '2026-12-16', shipBy: '2026-12-07' });
    expect(early).toEqual({ earliest: '2026-12-14', latest: '2026-12-17', shipBy: '2026-12-08' });
  });

  it("counts a state's own transit days", () => {
    const window = arrivalWindowFrom('2026-12-01', { closures: [], transit: { min: 2, max: 3 } });
    expect(window).toEqual({ earliest: '2026-12-04', latest: '2026-12-08', shipBy: '2026-12-03' });
    expect(
      widestTransit([
        { min: 5, max: 7 },
        { min: 2, max: 3 },
        { min: 6, max: 9 },
      ]),
    ).toEqual({
      min: 2,
      max: 9,
    });
  });
});

describe('a cart’s arrival', () => {
  const calendar = { now: pst('2026-12-01T10:00:00'), closures: [] };

  it('is the slowest parcel line’s window (the longest lead time)', () => {
    const lines = [
      { kind: 'goods' as const },
      { kind: 'goods' as const, leadTimeDays: 3 },
      { kind: 'digital' as const },
    ];
    expect(cartArrivalWindow(lines, calendar)).toEqual({
      kind: 'parcel',
      text: 'Arrives Dec 14–17',
      earliest: '2026-12-14',
      latest: '2026-12-17',
      shipBy: '2026-12-08',
    });
  });

  it('says what a cart without parcels gets instead', () => {
    expect(cartArrivalWindow([{ kind: 'digital' }, { kind: 'gift_card' }], calendar)).toEqual({
      kind: 'digital',
      text: 'Download right after payment',
    });
    expect(cartArrivalWindow([{ kind: 'gift_card' }], calendar)).toEqual({
      kind: 'gift_card',
      text: 'Emailed on the date you choose',
    });
    expect(cartArrivalWindow([], calendar)).toBeNull();
  });

  it('writes ranges one way, within a month and across months', () => {
    expect(formatArrivalRange({ earliest: '2026-12-16', latest: '2026-12-19' })).toBe('Dec 16–19');
    expect(formatArrivalRange({ earliest: '2026-12-30', latest: '2027-01-02' })).toBe(
      'Dec 30–Jan 2',
    );
    expect(formatArrivalRange({ earliest: '2026-03-05', latest: '2026-03-05' })).toBe('Mar 5');
  });

  it('reads an order’s stored promise, null when nothing ships', () => {
    const row = {
      promisedEarliest: '2026-12-14',
      promisedLatest: '2026-12-17',
      shipBy: '2026-12-08',
    };
    expect(promisedWindowOf(row)).toEqual({
      earliest: '2026-12-14',
      latest: '2026-12-17',
      shipBy: '2026-12-08',
    });
    expect(promisedWindowOf({ promisedEarliest: null, promisedLatest: null, shipBy: null })).toBe(
      null,
    );
  });
});

describe('occasion notices', () => {
  const christmas = [{ name: 'Christmas', date: '2026-12-25', noticeDays: 21 }];
  const notice = (now: Date, transit?: { min: number; max: number }) =>
    occasionNotice({ now, occasions: christmas, closures: [], ...(transit ? { transit } : {}) });

  it('computes the cut-off so the latest arrival is on or before the day', () => {
    expect(occasionCutoff('2026-12-25', { closures: [] })).toBe('2026-12-13');
    expect(arrivalWindowFrom('2026-12-13', { closures: [] }).latest <= '2026-12-25').toBe(true);
    expect(arrivalWindowFrom('2026-12-14', { closures: [] }).latest > '2026-12-25').toBe(true);
    // A slower state moves it earlier.
    expect(occasionCutoff('2026-12-25', { closures: [], transit: { min: 5, max: 9 } })).toBe(
      '2026-12-09',
    );
  });

  it('says nothing before the notice period', () => {
    expect(notice(pst('2026-12-03T23:59:00'))).toBeNull();
  });

  it('names the cut-off from the first day of the notice period to the cut-off', () => {
    expect(notice(pst('2026-12-04T00:01:00'))).toEqual({
      text: 'Order by Dec 13 for delivery by Christmas',
    });
    expect(notice(pst('2026-12-13T23:59:00'))?.text).toBe(
      'Order by Dec 13 for delivery by Christmas',
    );
    expect(notice(pst('2026-12-04T00:01:00'), { min: 5, max: 9 })?.text).toBe(
      'Order by Dec 9 for delivery by Christmas',
    );
  });

  it('says the day can no longer be met after the cut-off, and nothing after the day', () => {
    expect(notice(pst('2026-12-14T00:01:00'))).toEqual({
      text: 'Orders placed now may not arrive by Christmas',
    });
    expect(notice(pst('2026-12-25T12:00:00'))?.text).toBe(
      'Orders placed now may not arrive by Christmas',
    );
    expect(notice(pst('2026-12-26T00:01:00'))).toBeNull();
  });

  it('lets the nearest occasion speak, with its own notice days (21 by default)', () => {
    const occasions = [
      { name: 'Christmas', date: '2026-12-25' },
      { name: 'Hanukkah', date: '2026-12-04', noticeDays: 30 },
    ];
    const now = pst('2026-11-10T12:00:00');
    expect(occasionNotice({ now, occasions, closures: [] })?.text).toBe(
      'Order by Nov 22 for delivery by Hanukkah',
    );
    const later = pst('2026-12-05T12:00:00');
    expect(occasionNotice({ now: later, occasions, closures: [] })?.text).toBe(
      'Order by Dec 13 for delivery by Christmas',
    );
  });

  it('starts an occasion without notice days 21 days before it, as the owner’s form does', () => {
    const occasions = [{ name: 'Christmas', date: '2026-12-25' }];
    expect(occasionNotice({ now: pst('2026-12-03T23:59:00'), occasions, closures: [] })).toBeNull();
    expect(occasionNotice({ now: pst('2026-12-04T00:01:00'), occasions, closures: [] })?.text).toBe(
      'Order by Dec 13 for delivery by Christmas',
    );
    const saved = occasionBody.parse({ name: 'Christmas', date: '2026-12-25' });
    expect(saved.noticeDays).toBe(21);
  });

  it('tells shoppers of a closure from 30 days before until it ends', () => {
    const closures = [
      { from: '2026-12-24', to: '2026-12-26', note: '' },
      { from: '2027-01-10', to: '2027-01-10', note: 'Inventory day: orders ship Jan 11' },
    ];
    expect(closureNotices({ now: pst('2026-11-23T12:00:00'), closures })).toEqual([]);
    expect(closureNotices({ now: pst('2026-11-24T12:00:00'), closures })).toEqual([
      { text: 'Closed Dec 24–26' },
    ]);
    expect(closureNotices({ now: pst('2026-12-26T23:00:00'), closures })).toEqual([
      { text: 'Closed Dec 24–26' },
      { text: 'Inventory day: orders ship Jan 11' },
    ]);
    expect(closureNotices({ now: pst('2026-12-27T00:01:00'), closures })).toEqual([
      { text: 'Inventory day: orders ship Jan 11' },
    ]);
  });
});
