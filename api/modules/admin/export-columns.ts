import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../../core/admin/exports';

/* The accountant's two files (./exports.ts): their columns, and a batch of records as CSV text. */

/**
 * Which orders the accountant's files count: every order that was paid, i.e. all but
 * `pending_payment`, `payment_failed` and `abandoned` (never charged, or the charge never
 * settled). Canceled orders stay in (they were paid; their refunds column shows the money given
 * back), as do `canceling` and `refund_failed`. An order belongs to the shop day (America/Los_Angeles)
 * it was placed on. Gross sales are its lines but the gift cards it sold (by line kind), which have
 * a column of their own: a card is no sale, what it buys is (issue 39 point 10). The discount code
 * and what it took off follow (issue 42; a line's own share in the lines' file): Total is gross
 * sales + gift cards sold − discount + tax, what the buyer owed; how it was paid is two columns of its payments (rows, issue 35): by gift card and by
 * card, so a gift card's spending is a payment and is never counted as sales twice. Refunds are the
 * order's succeeded refunds, with their tax beside. The tax rate is empty for an order with no
 * taxed line (a gift card alone). So the tax report (issue 28 point 3) reconciles with this file
 * to the cent: its gross sales, tax and refunded tax are these columns' sums.
 */

export const ORDER_COLUMNS = [
  'Order',
  'Date',
  'Status',
  'Buyer',
  'Name',
  'Email',
  'State',
  'ZIP',
  'Location code',
  'Location',
  'Tax rate',
  'Gross sales',
  'Gift cards sold',
  'Discount code',
  'Discount',
  'Tax',
  'Total',
  'Paid by gift card',
  'Paid by card',
  'Refunds',
  'Refunded tax',
  'Payment reference',
] as const;

export const LINE_COLUMNS = [
  'Order',
  'Date',
  'Status',
  'SKU',
  'Product',
  'Option',
  'Category',
  'Quantity',
  'Unit price',
  'Line total',
  'Discount',
  'Kind',
  'Tax class',
  'Tax rate',
  'Tax',
] as const;

/** CSV text of records, every cell neutralised against formulas (csv-stringify quotes the rest). */
export function csv(records: string[][], header?: readonly string[]): string {
  return stringify(
    records.map((record) => record.map(neutraliseCell)),
    header ? { header: true, columns: [...header], bom: true } : {},
  );
}

/**
 * GET /admin/exports/orders.csv and /order-lines.csv: the range's paid orders (or their lines) as
 * CSV, written to the response batch by batch (keyset on the order number), so a long range
 * streams instead of being built in memory. The export is audited before the first byte.
 */
