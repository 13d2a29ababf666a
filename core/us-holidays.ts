/**
 * US federal holidays (5 U.S.C. 6103) as the shop's calendar counts them (issue 41): the eleven
 * holidays and their observed days: one falling on a Saturday is observed the Friday before, one
 * on a Sunday the Monday after (so New Year's Day 2028, a Saturday, is observed Dec 31, 2027).
 * Pure: days are YYYY-MM-DD strings, no time zone involved.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Day of the week of a calendar day: 0 Sunday … 6 Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The `nth` (1-based) `dow` (0 Sunday … 6 Saturday) of a month (1-12). */
function nthWeekday(year: number, month: number, dow: number, nth: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((dow - first + 7) % 7) + (nth - 1) * 7);
}

/** The last `dow` of a month (1-12). */
function lastWeekday(year: number, month: number, dow: number): string {
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDate)).getUTCDay();
  return iso(year, month, lastDate - ((last - dow + 7) % 7));
}

/** The day a fixed-date holiday is observed: Saturday → Friday, Sunday → Monday. */
function observed(day: string): string {
  const dow = weekday(day);
  const date = new Date(`${day}T00:00:00Z`);
  if (dow === 6) date.setUTCDate(date.getUTCDate() - 1);
  if (dow === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A year's federal holidays, by name, on the days they are observed. */
export function federalHolidays(year: number): { day: string; name: string }[] {
  return [
    { day: observed(iso(year, 1, 1)), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: lastWeekday(year, 5, 1), name: 'Memorial Day' },
    { day: observed(iso(year, 6, 19)), name: 'Juneteenth National Independence Day' },
    { day: observed(iso(year, 7, 4)), name: 'Independence Day' },
    { day: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { day: observed(iso(year, 11, 11)), name: 'Veterans Day' },
    { day: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { day: observed(iso(year, 12, 25)), name: 'Christmas Day' },
  ];
}

const cache = new Map<number, Set<string>>();

/** Whether `day` is a federal holiday or the day one is observed. */
export function isFederalHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  // Next year's New Year's Day may be observed on Dec 31 of this one.
  for (const y of [year, year + 1]) {
    let days = cache.get(y);
    if (!days) {
      days = new Set(federalHolidays(y).map((holiday) => holiday.day));
      cache.set(y, days);
    }
    if (days.has(day)) return true;
  }
  return false;
}
