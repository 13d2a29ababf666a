import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxLocations } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { centsToDecimal } from '../../../core/money';
import { SHOP_TIME_ZONE, periodDays } from '../../../core/shop-calendar';
import { TAX_REPORT_TEXT } from '../../../core/tax/messages';
import {
  TAX_REPORT_COLUMNS,
  TAX_REPORT_NOTES,
  type FallbackOrder,
  type TaxReport,
  type TaxReportRow,
} from '../../../core/tax/report';
import { neutraliseCell } from '../../../core/admin/exports';
import { PAID_STATES } from '../../../core/orders/lifecycle';
import { inStates } from '../../db/lifecycle-sql';
import { TAX_CLASSES, type ProductKind } from '../../../core/product/kind';
import { lookupWashington } from './washington';

/** The keys of a row's numbers. */
type FigureOf<Row> = { [K in keyof Row]: Row[K] extends number ? K : never }[keyof Row];

/** The order's tax place: its location code, 'WA' when taxed from the table, 'OUT' elsewhere. */
const LOCATION = sql`coalesce(o.tax_location_code, case when coalesce(o.shipping_address, o.billing_address)->>'state' = 'WA' then 'WA' else 'OUT' end)`;

/** The tax class whose lines are taxed at sale (`isTaxable`). */
const TAXED: (typeof TAX_CLASSES)[number] = 'standard';
/** The kind of line that is no sale: a gift card (what it buys later is). */
const GIFT_CARD: ProductKind = 'gift_card';

/**
 * The parts of a sale, from each line's own kind and class (issue 35): gross is every line but the
 * gift cards (by kind, issue 39 point 10); taxable is the lines of the taxed class (gift cards are
 * not: Washington taxes what a card buys), each at its net after its share of the order's discount
 * code (issue 42: Washington taxes the price after a seller's discount), so taxable is the sum of
 * the discounted nets the tax was computed on; the tax is the sum of the lines' own tax cents.
 * Gross stays the lines' price before the discount, as the orders file's "Gross sales" column (its
 * "Discount" column beside). A refund's taxable part is the taxed lines it gave back at their net
 * (price less the discount share the refund kept back, see TAXABLE_REFUNDED); its gift-card part
 * is the gift-card lines it gave back, at what it gave back for them.
 */
const GROSS_SOLD = sql`select coalesce(sum(i.unit_price_cents * i.quantity), 0) from order_items i
  where i.order_id = o.id and i.kind <> ${GIFT_CARD}`;
const CARDS_SOLD = sql`select coalesce(sum(i.unit_price_cents * i.quantity), 0) from order_items i
  where i.order_id = o.id and i.kind = ${GIFT_CARD}`;
const TAXABLE_SOLD = sql`select coalesce(sum(i.unit_price_cents * i.quantity - i.discount_cents), 0)
  from order_items i where i.order_id = o.id and i.tax_class = ${TAXED}`;
const LINES_TAX = sql`select coalesce(sum(i.tax_cents), 0) from order_items i where i.order_id = o.id`;
/**
 * A refund's taxable part, to the cent (issue 42): each taxed line's units at their price less the
 * discount share the refund kept back, with the refund's own running floor (lineDiscountShare in
 * core/admin/line-refund.ts): the line's discount × units refunded up to and including this refund
 * ÷ its quantity, rounded down, less the same for the units before it (refunds not failed, made
 * before this one). The parts of a line refunded in several refunds so add up to its net exactly.
 */
const UNITS_BEFORE = sql`select coalesce(sum((e->>'quantity')::int), 0) from order_refunds p
  cross join jsonb_array_elements(p.lines) e
  where p.order_id = r.order_id and p.status <> 'failed' and e->>'orderItemId' = l->>'orderItemId'
    and (p.created_at, p.id) < (r.created_at, r.id)`;
const TAXABLE_REFUNDED = sql`select coalesce(sum(x.units * i.unit_price_cents
    - (i.discount_cents * (x.before + x.units) / i.quantity - i.discount_cents * x.before / i.quantity)), 0)
  from (select (l->>'orderItemId')::uuid as item_id, (l->>'quantity')::int as units,
      (${UNITS_BEFORE})::int as before
    from jsonb_array_elements(r.lines) l) x
  join order_items i on i.id = x.item_id
  where i.tax_class = ${TAXED}`;
const CARDS_REFUNDED = sql`select coalesce(sum(coalesce((l->>'amountCents')::int,
    (l->>'quantity')::int * i.unit_price_cents)), 0)
  from jsonb_array_elements(r.lines) l join order_items i on i.id = (l->>'orderItemId')::uuid
  where i.kind = ${GIFT_CARD}`;

/** What a row is called: DOR's name for its code when imported; what it is otherwise. */
function labelOf(location: string, names: Map<string, string>): string {
  if (location === 'OUT') return TAX_REPORT_TEXT.outsideWashington;
  if (location === 'WA') return TAX_REPORT_TEXT.fallbackTable;
  return names.get(location) ?? TAX_REPORT_NOTES.unnamedLabel(location);
}

const empty = (location: string, label: string): TaxReportRow => ({
  location,
  label,
  orders: 0,
  grossSalesCents: 0,
  taxableCents: 0,
  taxCollectedCents: 0,
  refundedSalesCents: 0,
  refundedTaxableCents: 0,
  refundedTaxCents: 0,
  netTaxableCents: 0,
  netTaxCents: 0,
  giftCardsSoldCents: 0,
});

/** A sale: every paid order (`paid`), a canceled one too (its refund shows beside it). */
const sold = inStates(sql`o.shipping_status`, PAID_STATES);

/** The period's days as a condition on a timestamp column, by the shop's calendar. */
function inPeriod(column: string, start: string, end: string) {
  return sql`(${sql.raw(column)} at time zone ${SHOP_TIME_ZONE})::date between ${start}::date and ${end}::date`;
}

/**
 * The Washington orders of the period taxed from the table (no location code) that have a taxed
 * line, each with the code DOR's imported file gives its address on its day, when it gives one.
 */
async function fallbackOrders(
  db: Db,
  start: string,
  end: string,
  names: Map<string, string>,
): Promise<FallbackOrder[]> {
  const result = await db.execute(sql`
    select o.id, o.number,
      to_char(o.created_at at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') as day,
      coalesce(o.shipping_address, o.billing_address)->>'city' as city,
      coalesce(o.shipping_address, o.billing_address)->>'zipcode' as zipcode,
      o.tax_rate as rate, (${TAXABLE_SOLD})::int as taxable, (${LINES_TAX})::int as tax
    from orders o
    where ${sold} and ${inPeriod('o.created_at', start, end)} and ${LOCATION} = 'WA'
      and (${TAXABLE_SOLD}) > 0
    order by o.number`);
  const found: FallbackOrder[] = [];
  for (const row of rowsOf<{
    id: string;
    number: number;
    day: string;
    city: string;
    zipcode: string;
    rate: string | number;
    taxable: number;
    tax: number;
  }>(result)) {
    const lookup = await lookupWashington(db, row.zipcode, row.day);
    const code = lookup.kind === 'found' ? lookup.location.locationCode : null;
    found.push({
      id: row.id,
      number: Number(row.number),
      day: row.day,
      city: row.city,
      zipcode: row.zipcode,
      rate: Number(row.rate),
      taxableCents: Number(row.taxable),
      taxCents: Number(row.tax),
      suggestedCode: code,
      suggestedName: code ? (names.get(code) ?? null) : null,
    });
  }
  return found;
}

/**
 * The tax report for a month or a quarter (shop dates, America/Los_Angeles), per location code
 * named as DOR names it: what DOR's excise tax return asks per location (the taxable retail sales
 * and the tax) and the gross and refunds beside them, gift cards sold apart (never gross sales).
 * Taxable is the taxed lines of an order charged tax; a refund's taxable part is the taxed lines
 * it gave back, for an order charged tax. The orders taxed from the fallback table are listed.
 */
export async function taxReport(db: Db, period: string): Promise<TaxReport> {
  const { start, end } = periodDays(period)!;
  const names = new Map(
    (await db.select().from(taxLocations)).map((row) => [row.locationCode, row.name]),
  );
  const sales = await db.execute(sql`
    select ${LOCATION} as location, count(*)::int as orders,
      coalesce(sum((${GROSS_SOLD})), 0)::int as gross,
      coalesce(sum((${CARDS_SOLD})), 0)::int as cards,
      coalesce(sum(case when o.tax_cents > 0 then (${TAXABLE_SOLD}) else 0 end), 0)::int as taxable,
      coalesce(sum((${LINES_TAX})), 0)::int as tax
    from orders o
    where ${sold} and ${inPeriod('o.created_at', start, end)}
    group by 1`);
  const refunds = await db.execute(sql`
    select ${LOCATION} as location,
      coalesce(sum(r.amount_cents - r.tax_cents - (${CARDS_REFUNDED})), 0)::int as refunded,
      coalesce(sum(case when o.tax_cents > 0 then (${TAXABLE_REFUNDED}) else 0 end), 0)::int as refunded_taxable,
      coalesce(sum(r.tax_cents), 0)::int as tax
    from order_refunds r join orders o on o.id = r.order_id
    where r.status = 'succeeded' and ${inPeriod('r.created_at', start, end)}
    group by 1`);
  const rows = new Map<string, TaxReportRow>();
  const rowOf = (location: string) => {
    const row = rows.get(location) ?? empty(location, labelOf(location, names));
    rows.set(location, row);
    return row;
  };
  /** Each answer's figures into its location's row: `columns` names the answer's column of each. */
  const fill = (result: unknown, columns: Partial<Record<FigureOf<TaxReportRow>, string>>) => {
    for (const answer of rowsOf<Record<string, unknown>>(result)) {
      const row = rowOf(String(answer.location));
      for (const [figure, column] of Object.entries(columns)) {
        row[figure as FigureOf<TaxReportRow>] = Number(answer[column]);
      }
    }
  };
  fill(sales, {
    orders: 'orders',
    grossSalesCents: 'gross',
    giftCardsSoldCents: 'cards',
    taxableCents: 'taxable',
    taxCollectedCents: 'tax',
  });
  fill(refunds, {
    refundedSalesCents: 'refunded',
    refundedTaxableCents: 'refunded_taxable',
    refundedTaxCents: 'tax',
  });
  const list = [...rows.values()].sort(
    (a, b) => order(a.location) - order(b.location) || a.location.localeCompare(b.location),
  );
  for (const row of list) {
    row.netTaxableCents = row.taxableCents - row.refundedTaxableCents;
    row.netTaxCents = row.taxCollectedCents - row.refundedTaxCents;
  }
  const totals = empty('', '');
  for (const row of list) {
    for (const key of NUMBERS) totals[key] += row[key];
  }
  const { location: _l, label: _n, ...sums } = totals;
  return {
    period,
    start,
    end,
    rows: list,
    totals: sums,
    fallbackOrders: rows.has('WA') ? await fallbackOrders(db, start, end, names) : [],
    unnamedCodes: list
      .map((row) => row.location)
      .filter((code) => code !== 'WA' && code !== 'OUT' && !names.has(code)),
  };
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
  'giftCardsSoldCents',
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
