import { z } from 'zod';
import { DATE_RANGE_MESSAGE, periodDays, withinShopYears } from '../shop-calendar';

/** The tax report's period: a month ('2026-11') or a quarter ('2026-Q4'), shop dates. */
export const taxReportQuery = z.object({
  period: z
    .string()
    .trim()
    .refine(
      (value) => periodDays(value) !== null,
      'Choose a month (2026-11) or a quarter (2026-Q4).',
    )
    .refine(withinShopYears, DATE_RANGE_MESSAGE),
});
export type TaxReportQuery = z.output<typeof taxReportQuery>;

/**
 * One location's figures for a period, in cents, straight from the stored orders and refunds.
 * Sales are orders paid (any state after payment, canceled ones included: their cancellation is a
 * refund), counted by the shop's date they were placed; refunds by the shop's date they succeeded.
 */
export interface TaxReportRow {
  /** DOR's location code; 'WA' for Washington orders taxed from the fallback table; 'OUT' outside. */
  location: string;
  /** The location's name as DOR names it (imported), or what the row is when there is none. */
  label: string;
  orders: number;
  /** What was sold, gift cards left out (a card is not a sale: what it buys is). */
  grossSalesCents: number;
  taxableCents: number;
  taxCollectedCents: number;
  /** What refunds gave back, tax excluded. */
  refundedSalesCents: number;
  refundedTaxableCents: number;
  refundedTaxCents: number;
  netTaxableCents: number;
  netTaxCents: number;
  /** Gift cards sold (by line kind): money kept for later purchases, never gross sales. */
  giftCardsSoldCents: number;
}

/**
 * A Washington order of the period taxed from the built-in table (no DOR file covered its day or
 * ZIP), with the location code DOR's file imported since gives its ZIP on that day, if any.
 */
export interface FallbackOrder {
  id: string;
  number: number;
  /** The shop's day it was placed (YYYY-MM-DD). */
  day: string;
  city: string;
  zipcode: string;
  rate: number;
  taxableCents: number;
  taxCents: number;
  /** The code DOR's imported file gives this ZIP (+4) on that day; null when none or split. */
  suggestedCode: string | null;
  suggestedName: string | null;
}

export interface TaxReport {
  period: string;
  start: string;
  end: string;
  rows: TaxReportRow[];
  totals: Omit<TaxReportRow, 'location' | 'label'>;
  /** Orders taxed from the fallback table, to be placed under their location codes by hand. */
  fallbackOrders: FallbackOrder[];
  /** Location codes of the report with no name imported. */
  unnamedCodes: string[];
}

export const TAX_REPORT_COLUMNS = [
  ['location', 'Location code'],
  ['label', 'Location'],
  ['orders', 'Orders'],
  ['grossSalesCents', 'Gross sales'],
  ['taxableCents', 'Taxable amount'],
  ['taxCollectedCents', 'Tax collected'],
  ['refundedSalesCents', 'Refunded sales'],
  ['refundedTaxableCents', 'Refunded taxable'],
  ['refundedTaxCents', 'Tax refunded'],
  ['netTaxableCents', 'Net taxable amount'],
  ['netTaxCents', 'Net tax'],
  ['giftCardsSoldCents', 'Gift cards sold (not sales)'],
] as const satisfies readonly (readonly [keyof TaxReportRow, string])[];

/** The tax page's words about the report (issue 39 point 10). */
export const TAX_REPORT_NOTES = {
  unnamedLabel: (code: string) => `Location ${code} (no name imported)`,
  unnamed: (codes: string[]) =>
    `No name is imported for location code${codes.length === 1 ? '' : 's'} ${codes.join(', ')}: the report shows the code, which is what DOR's return asks for. To see the names, import DOR's location codes file ("Location codes and rates", with NAME and CODE columns) on this page.`,
  giftCards:
    'Gift cards sold are not sales: Washington taxes what a card later buys, so they are kept out of gross sales and shown apart.',
  fallbackHeading: 'Orders taxed from the built-in table',
  fallbackWhy:
    'No imported DOR rate file covered these orders’ day or ZIP code, so they were taxed from the shop’s built-in ZIP-prefix table and carry no location code. DOR’s return asks for sales and tax per location code.',
  fallbackWhatToDo:
    'What to do: import the current DOR ZIP+4 rates file (and the one for these orders’ quarter, if it is missing), so new orders get their location code. Then, for each order below, report its taxable amount and tax under the location code shown (DOR’s file for its day), or, where none is shown, under the code DOR’s tax rate lookup gives its full address (dor.wa.gov, “Find a sales tax rate”). The tax charged stays as it was.',
  noSuggestion: 'Look up the address',
} as const;
