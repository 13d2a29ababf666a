import { addDays, FIRST_YEAR, LAST_YEAR } from './dates';

/**
 * The shop's calendar, America/Los_Angeles (issue 28): exports and the orders list count days by
 * it, an order is taxed at the rate in force on its shop date, the tax report counts orders and
 * refunds by it, and the owner's daily jobs (the low-stock digest) run by its hours.
 */
export const SHOP_TIME_ZONE = 'America/Los_Angeles';

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

/** The shop's calendar day (YYYY-MM-DD) and hour at `instant`. */
export function shopDayAndHour(instant: Date): { day: string; hour: number } {
  const p = shopParts(instant);
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
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
  return addDays(day, 1);
}

/** A range of shop days as instants: from the first day's midnight, before the next day's after the last. */
export function shopRange(range: { from: string; to: string }): { start: Date; end: Date } {
  return { start: shopMidnight(range.from), end: shopMidnight(nextDay(range.to)) };
}

/** The first and last day (YYYY-MM-DD) of a month ('2026-11') or a quarter ('2026-Q4'). */
export function periodDays(period: string): { start: string; end: string } | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!month && !quarter) return null;
  const year = Number((month ?? quarter)![1]);
  const first = month ? Number(month[2]) : (Number(quarter![2]) - 1) * 3 + 1;
  const last = month ? first : first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(lastDay)}` };
}

/** The years a date the shop is given may fall in; anything else is a typing mistake (issue 36). */
export const SHOP_YEARS = { first: FIRST_YEAR, last: LAST_YEAR } as const;
export const DATE_RANGE_MESSAGE = `Enter a date between ${SHOP_YEARS.first} and ${SHOP_YEARS.last}.`;

/** Whether a day (YYYY-MM-DD) or a period (2026-11, 2026-Q4) falls in SHOP_YEARS. */
export function withinShopYears(dayOrPeriod: string): boolean {
  const year = Number(/^(\d{4})/.exec(dayOrPeriod)?.[1]);
  return year >= SHOP_YEARS.first && year <= SHOP_YEARS.last;
}
