import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../admin/deps';
import { centsToDecimal } from '../../../core/money';
import { SHOP_TIME_ZONE, periodDays } from '../../../core/shop-calendar';
import { TAX_REPORT_TEXT } from '../../../core/tax/messages';
import { TAX_REPORT_COLUMNS, type TaxReport, type TaxReportRow } from '../../../core/tax/report';
import { neutraliseCell } from '../../../core/admin/exports';
import { PAID_STATES } from '../../../core/orders/lifecycle';
import { inStates } from '../orders/lifecycle-sql';
import { TAX_CLASSES } from '../../../core/product/kind';

/** The order's tax place: its location code, 'WA' when taxed from the table, 'OUT' elsewhere. */
const LOCATION = sql`coalesce(o.tax_location_code, case when coalesce(o.shipping_address, o.billing_address)->>'state' = 'WA' then 'WA' else 'OUT' end)`;

/** The tax class whose lines are taxed at sale (`isTaxable`). */
const TAXED: (typeof TAX_CLASSES)[number] = 'standard';

/**
 * The taxable part of a sale: its lines of the taxed class, not the gift cards it sold (Washington
 * taxes what a card buys, not the card; issue 26), read from each line's own class (issue 35). A
 * refund's taxable part is the taxed lines it gave back, at their price. The tax is the sum of the
 * lines' own tax cents.
 */
const GOODS_SOLD = sql`select coalesce(sum(i.unit_price_cents * i.quantity), 0) from order_items i
  where i.order_id = o.id and i.tax_class = ${TAXED}`;
const LINES_TAX = sql`select coalesce(sum(i.tax_cents), 0) from order_items i where i.order_id = o.id`;
const GOODS_REFUNDED = sql`select coalesce(sum((l->>'quantity')::int * i.unit_price_cents), 0)
  from jsonb_array_elements(r.lines) l join order_items i on i.id = (l->>'orderItemId')::uuid
  where i.tax_class = ${TAXED}`;

const labelOf = (location: string) =>
  location === 'OUT'
    ? TAX_REPORT_TEXT.outsideWashington
    : location === 'WA'
      ? TAX_REPORT_TEXT.fallbackTable
      : `Location ${location}`;

const empty = (location: string): TaxReportRow => ({
  location,
  label: labelOf(location),
  orders: 0,
  grossSalesCents: 0,
  taxableCents: 0,
  taxCollectedCents: 0,
  refundedSalesCents: 0,
  refundedTaxableCents: 0,
  refundedTaxCents: 0,
  netTaxableCents: 0,
  netTaxCents: 0,
});

/** A sale: every paid order (`paid`), a canceled one too (its refund shows beside it). */
const sold = inStates(sql`o.shipping_status`, PAID_STATES);

/**
 * The tax report for a month or a quarter (shop dates, America/Los_Angeles), per location code:
 * what DOR's excise tax return asks per location (the taxable retail sales and the tax) and the
 * gross and refunds beside them. Taxable is the goods' subtotal of an order charged tax; a
 * refund's taxable part is the goods it gave back, for an order charged tax.
 */
export async function taxReport(db: Db, period: string): Promise<TaxReport> {
  const { start, end } = periodDays(period)!;
  const day = (column: string) =>
    sql`(${sql.raw(column)} at time zone ${SHOP_TIME_ZONE})::date between ${start}::date and ${end}::date`;
  const sales = await db.execute(sql`
    select ${LOCATION} as location, count(*)::int as orders,
      coalesce(sum(o.subtotal_cents), 0)::int as gross,
      coalesce(sum(case when o.tax_cents > 0 then (${GOODS_SOLD}) else 0 end), 0)::int as taxable,
      coalesce(sum((${LINES_TAX})), 0)::int as tax
    from orders o
    where ${sold} and ${day('o.created_at')}
    group by 1`);
  const refunds = await db.execute(sql`
    select ${LOCATION} as location,
      coalesce(sum(r.amount_cents - r.tax_cents), 0)::int as refunded,
      coalesce(sum(case when o.tax_cents > 0 then (${GOODS_REFUNDED}) else 0 end), 0)::int as refunded_taxable,
      coalesce(sum(r.tax_cents), 0)::int as tax
    from order_refunds r join orders o on o.id = r.order_id
    where r.status = 'succeeded' and ${day('r.created_at')}
    group by 1`);
  const rows = new Map<string, TaxReportRow>();
  const rowOf = (location: string) => {
    const row = rows.get(location) ?? empty(location);
    rows.set(location, row);
    return row;
  };
  for (const sale of rowsOf<{
    location: string;
    orders: number;
    gross: number;
    taxable: number;
    tax: number;
  }>(sales)) {
    const row = rowOf(sale.location);
    row.orders = Number(sale.orders);
    row.grossSalesCents = Number(sale.gross);
    row.taxableCents = Number(sale.taxable);
    row.taxCollectedCents = Number(sale.tax);
  }
  for (const refund of rowsOf<{
    location: string;
    refunded: number;
    refunded_taxable: number;
    tax: number;
  }>(refunds)) {
    const row = rowOf(refund.location);
    row.refundedSalesCents = Number(refund.refunded);
    row.refundedTaxableCents = Number(refund.refunded_taxable);
    row.refundedTaxCents = Number(refund.tax);
  }
  const list = [...rows.values()].sort(
    (a, b) => order(a.location) - order(b.location) || a.location.localeCompare(b.location),
  );
  for (const row of list) {
    row.netTaxableCents = row.taxableCents - row.refundedTaxableCents;
    row.netTaxCents = row.taxCollectedCents - row.refundedTaxCents;
  }
  const totals = empty('');
  for (const row of list) {
    for (const key of NUMBERS) totals[key] += row[key];
  }
  const { location: _l, label: _n, ...sums } = totals;
  return { period, start, end, rows: list, totals: sums };
}

/** Location codes first, then Washington without a code, then outside Washington. */
const order = (location: string) => (location === 'OUT' ? 2 : location === 'WA' ? 1 : 0);

const NUMBERS = [
  'orders',
  'grossSalesCents',
  'taxableCents',
  'taxCollectedCents',
  'refundedSalesCents',
  'refundedTaxableCents',
  'refundedTaxCents',
  'netTaxableCents',
  'netTaxCents',
] as const;

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/** The report as CSV: amounts in dollars with two decimals, one row per location and a total. */
export function taxReportCsv(report: TaxReport): string {
  const header = TAX_REPORT_COLUMNS.map(([, title]) => title);
  const cell = (row: TaxReportRow, key: (typeof TAX_REPORT_COLUMNS)[number][0]) => {
    const value = row[key];
    if (typeof value === 'string') return quote(neutraliseCell(value));
    return key === 'orders' ? String(value) : centsToDecimal(value);
  };
  const lines = [header.map(quote).join(',')];
  for (const row of report.rows)
    lines.push(TAX_REPORT_COLUMNS.map(([key]) => cell(row, key)).join(','));
  const total = { ...report.totals, location: '', label: 'Total' };
  lines.push(TAX_REPORT_COLUMNS.map(([key]) => cell(total, key)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
