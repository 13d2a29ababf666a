import { z } from 'zod';

/*
 * Calendar dates (YYYY-MM-DD), the one place the shop checks them (issue 35 item 8): a date a
 * shopper, the owner or a file sends is a real day of the calendar between 2000 and 2100, so
 * nothing downstream (the database's `date` columns, the charge's aftermath) refuses it later.
 */

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day (YYYY-MM-DD) from 2000-01-01 to 2100-12-31. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = SHAPE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** A zod string that must be a calendar day (see isCalendarDate), refused with `message`. */
export const calendarDate = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, message);

/** The day `days` after `day` (YYYY-MM-DD), by the calendar: no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day as a duration, in milliseconds: for instants ("24 hours after"), not calendar days. */
export const DAY_MS = 86_400_000;

/** The instant `days` whole days (of 24 hours) after `at`; before it when `days` is negative. */
export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}
