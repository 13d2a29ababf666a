import { z } from 'zod';
import { isCalendarDate } from '../dates';
import { DATE_RANGE_MESSAGE, withinShopYears } from '../shop-calendar';

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
  /** A range without a paid order: nothing is downloaded (issue 39 item 11). */
  empty: 'No orders in this range.',
  thisMonth: 'This month',
  lastMonth: 'Last month',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day (YYYY-MM-DD) that exists (2026-02-30 is refused: core/dates.ts), in the years the
 * shop takes, each refusal with its own message.
 */
export const shopDay = z
  .string()
  .trim()
  .regex(DAY, EXPORT_MESSAGES.date)
  .refine((value) => !withinShopYears(value) || isCalendarDate(value), EXPORT_MESSAGES.date)
  .refine(withinShopYears, DATE_RANGE_MESSAGE);

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

/** Cents as a spreadsheet's number: the one rule lives in core/money.ts. */
export { centsToDecimal as dollars } from '../money';
