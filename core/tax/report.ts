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
  label: string;
  orders: number;
  grossSalesCents: number;
  taxableCents: number;
  taxCollectedCents: number;
  /** What refunds gave back, tax excluded. */
  refundedSalesCents: number;
  refundedTaxableCents: number;
  refundedTaxCents: number;
  netTaxableCents: number;
  netTaxCents: number;
}

export interface TaxReport {
  period: string;
  start: string;
  end: string;
  rows: TaxReportRow[];
  totals: Omit<TaxReportRow, 'location' | 'label'>;
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
] as const satisfies readonly (readonly [keyof TaxReportRow, string])[];
