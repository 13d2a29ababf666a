import { z } from 'zod';

/** The shop's time zone: the accountant's dates and the back office's date ranges (issue 28). */
export const SHOP_TIME_ZONE = 'America/Los_Angeles';

export const EXPORT_MESSAGES = {
  date: 'Enter dates as YYYY-MM-DD.',
  range: 'The start date must be on or before the end date.',
} as const;

/** The orders page's export panel. */
export const EXPORT_TEXT = {
  title: 'Exports for the accountant',
  intro:
    'Paid orders placed between these days (Pacific time), as CSV: amounts in dollars, one row per order or per order line.',
  orders: 'Download orders CSV',
  lines: 'Download order lines CSV',
  done: 'The file is downloaded.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) that exists: 2026-02-30 is refused. */
export const shopDay = z
  .string()
  .trim()
  .regex(DAY, EXPORT_MESSAGES.date)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, EXPORT_MESSAGES.date);

/** GET /admin/exports/*.csv: a range of days in shop time, both days included. */
export const exportQuery = z
  .object({ from: shopDay, to: shopDay })
  .refine((range) => range.from <= range.to, { error: EXPORT_MESSAGES.range, path: ['to'] });
export type ExportQuery = z.infer<typeof exportQuery>;

/**
 * A spreadsheet reads a cell that starts with = + - @ (or a tab or carriage return before one) as
 * a formula: such a cell gets a leading single quote, so it shows as the text it is (OWASP's
 * "CSV injection" advice). Every other value is left exactly as it is.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Cents as dollars with two decimals and no currency sign, as a spreadsheet reads a number. */
export function dollars(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function shopParts(instant: Date) {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(instant)) parts[part.type] = part.value;
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** An instant as the shop's wall clock reads it: "2026-11-26 14:05:09" (America/Los_Angeles). */
export function shopDateTime(instant: Date): string {
  const p = shopParts(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The shop's calendar day of an instant (YYYY-MM-DD). */
export function shopDayOf(instant: Date): string {
  return shopDateTime(instant).slice(0, 10);
}

/** Minutes the shop's clock is ahead of UTC at `instant` (-480 in winter, -420 in summer). */
function offsetMinutes(instant: Date): number {
  const p = shopParts(instant);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a shop day (YYYY-MM-DD) begins: midnight in America/Los_Angeles, DST included. */
export function shopMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  // Midnight is never inside a DST jump in Los Angeles (they happen at 2 a.m.), so two passes settle.
  let instant = new Date(wall - offsetMinutes(new Date(wall)) * 60_000);
  instant = new Date(wall - offsetMinutes(instant) * 60_000);
  return instant;
}

/** The day after `day` (YYYY-MM-DD), by the calendar. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A range of shop days as instants: from the first day's midnight, before the next day's after the last. */
export function shopRange(range: { from: string; to: string }): { start: Date; end: Date } {
  return { start: shopMidnight(range.from), end: shopMidnight(nextDay(range.to)) };
}
