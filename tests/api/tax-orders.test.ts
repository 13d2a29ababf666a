import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  orderItems,
  orderRefunds,
  orders,
  productVariants,
  products,
  returnRequestItems,
  returnRequests,
} from '../../api/db/schema';
import { shopDayOf } from '../../core/shop-calendar';
import { TAX_MESSAGES, TAX_REPORT_TEXT } from '../../core/tax/messages';
import { LOCATION_NAME_MESSAGES } from '../../core/tax/locations';
import { TAX_REPORT_NOTES, type TaxReport } from '../../core/tax/report';
import type { TaxStatusDto } from '../../core/tax/import-body';
import { useApi, type ApiHarness } from '../helpers/api';
import { readCsvText } from '../helpers/csv';
import {
  confirm,
  enamelLine,
  guestOrder,
  mugLine,
  photoLine,
  sandboxToken,
} from '../helpers/orders';
import { sampleForToday } from '../helpers/tax-sample';
import { customerAccount, paidOrder, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { setStock } from './orders-history-helpers';
import { bought, buy, cardLine, freshEmail, plentyOfMugs, spend } from './order-close-helpers';

const REDMOND = {
  line1: '15670 NE 85th St',
  line2: '',
  city: 'Redmond',
  state: 'WA',
  zipcode: '98052',
};

/**
 * Washington's tax by location through the API (issue 28): the owner imports DOR's file in the
 * back office, a split ZIP is asked for its +4, the order records its location code, rate and
 * period, refunds record the tax they give back, and the report adds up the stored cents.
 */
describe('Washington tax by location code through the API', () => {
  const api: ApiHarness = useApi({ seed: true });
  const sample = sampleForToday();
  const db = () => api.test.database.db;

  async function admin() {
    await setStock(api, 'cedar-ridge-mug', 100);
    await setStock(api, 'campfire-enamel-mug', 100);
    await db()
      .update(productVariants)
      .set({ quantity: 100 })
      .where(eq(productVariants.sku, 'EG-MUG-CEDAR-GRN'));
    return signedInAdmin(api);
  }

  it('the owner imports the file; the tax page says whether today is covered; the import is audited', async () => {
    const owner = await admin();
    const before = (await (
      await api.get('/admin/tax/status', bearer(owner.token))
    ).json()) as TaxStatusDto;
    expect(before.notice).toBe(TAX_MESSAGES.noCurrentPeriod(shopDayOf(new Date())));
    const bad = await api.post(
      '/admin/tax/import',
      { fileName: 'bad.csv', content: `${sample.content}98052,0000\n` },
      bearer(owner.token),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Line 18: expected 9/);
    expect(
      await api.post('/admin/tax/import', { fileName: 'x.csv', content: sample.content }),
    ).toHaveProperty('status', 401);
    const good = await api.post(
      '/admin/tax/import',
      { fileName: 'ZIP4Q.csv', content: sample.content },
      bearer(owner.token),
    );
    expect(good.status, await good.clone().text()).toBe(200);
    const status = (await (
      await api.get('/admin/tax/status', bearer(owner.token))
    ).json()) as TaxStatusDto;
    expect(status.current).toEqual({ start: sample.start, end: sample.end, ranges: 8 });
    expect(status.notice).toBeNull();
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'tax.import'));
    expect(audits).toHaveLength(1);
  });

  it('asks a split ZIP for its +4 (before the order, and on the quote), and records code, rate and period', async () => {
    const ask = async (zip: string) => (await api.get(`/tax/zip-needs-plus4?zip=${zip}`)).json();
    expect(await ask('98052')).toEqual({ needsPlus4: true, message: TAX_MESSAGES.zipNeedsPlus4 });
    expect(await ask('98052-1234')).toEqual({ needsPlus4: false });
    expect(await ask('98033')).toEqual({ needsPlus4: false });
    expect(await ask('98101')).toEqual({ needsPlus4: false });

    const quote = await api.post('/orders/quote', {
      items: [mugLine(1)],
      shippingAddress: REDMOND,
    });
    expect(quote.status).toBe(400);
    expect(((await quote.json()) as { fields: Record<string, string> }).fields).toEqual({
      'shippingAddress.zipcode': TAX_MESSAGES.zipNeedsPlus4,
    });
    // Nothing to ship: the tax follows the billing address, and so does the question (issue 42
    // point 6: pricing.ts names the address the tax was asked for).
    const digital = await api.post('/orders/quote', {
      items: [photoLine()],
      billingAddress: REDMOND,
    });
    expect(digital.status).toBe(400);
    expect(((await digital.json()) as { fields: Record<string, string> }).fields).toEqual({
      'billingAddress.zipcode': TAX_MESSAGES.zipNeedsPlus4,
    });

    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(2)], token, { ...REDMOND, zipcode: '98052-6001' });
    expect(order.salesTax).toBe(0.102);
    const placed = await confirm(api, order);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      taxLocationCode: '1700',
      taxRate: 0.102,
      taxPeriodStart: sample.start,
      taxPeriodEnd: sample.end,
      subtotalCents: 4800,
      taxCents: 490, // 4800 × 10.2 % = 489.6
    });
    // Seattle is not in the sample: the table's rate, no location code.
    const seattle = await paidOrder(api);
    const [fallback] = await db().select().from(orders).where(eq(orders.id, seattle));
    expect(fallback).toMatchObject({
      taxRate: 0.1035,
      taxLocationCode: null,
      taxPeriodStart: null,
    });
  });

  it('a full cancel gives back the whole tax; partial refunds give back their share and the last one the rest', async () => {
    const owner = await admin();
    const canceled = await paidOrder(api);
    const cancel = await api.post(
      `/admin/orders/${canceled}/cancel`,
      { reason: 'out_of_stock' },
      bearer(owner.token),
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, canceled));
    const [refund] = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, canceled));
    expect(refund!.taxCents).toBe(order!.taxCents);

    // 2 mugs ($24) and an enamel mug ($19) to Seattle (10.35 %): $67.00 + $6.93 tax.
    const customer = await customerAccount(api);
    const made = await returnRequestFor(api, customer, [mugLine(2), enamelLine(1)]);
    await db()
      .update(returnRequests)
      .set({ status: 'received' })
      .where(eq(returnRequests.id, made.requestId));
    const mug = made.items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!.id;
    const enamel = made.items.find((item) => item.sku === 'EG-MUG-ENAMEL')!.id;
    const first = await api.post(
      `/admin/returns/${made.requestId}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: mug, quantity: 1 }] },
      bearer(owner.token),
    );
    expect(first.status, await first.clone().text()).toBe(200);
    const [rest] = await db()
      .insert(returnRequests)
      .values({
        orderId: made.order.id,
        userId: customer.id,
        message: 'The rest.',
        status: 'received',
      })
      .returning();
    await db()
      .insert(returnRequestItems)
      .values([
        { returnRequestId: rest!.id, orderItemId: mug, quantity: 1 },
        { returnRequestId: rest!.id, orderItemId: enamel, quantity: 1 },
      ]);
    const second = await api.post(
      `/admin/returns/${rest!.id}/refund`,
      {
        idempotencyKey: randomUUID(),
        lines: [
          { orderItemId: mug, quantity: 1 },
          { orderItemId: enamel, quantity: 1 },
        ],
      },
      bearer(owner.token),
    );
    expect(second.status, await second.clone().text()).toBe(200);
    const refunds = await db()
      .select({ amount: orderRefunds.amountCents, tax: orderRefunds.taxCents })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, made.order.id))
      .orderBy(orderRefunds.createdAt);
    // The mugs' line keeps 497 of the 693 (496.8), the enamel mug's 196: one mug gives back
    // round(497 / 2) = 249, the last refund the mug's other 248 and the enamel mug's 196.
    const items = await db()
      .select({ id: orderItems.id, tax: orderItems.taxCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, made.order.id));
    expect(items.find((item) => item.id === mug)!.tax).toBe(497);
    expect(items.find((item) => item.id === enamel)!.tax).toBe(196);
    expect(refunds).toEqual([
      { amount: 2400 + 249, tax: 249 },
      { amount: 2400 + 1900 + 248 + 196, tax: 248 + 196 },
    ]);
  });

  it("a return of a taxed line beside an exempt one gives back that line's own tax; the report adds up the refunds", async () => {
    const owner = await admin();
    const month = shopDayOf(new Date()).slice(0, 7);
    const reportTotals = async () =>
      (
        (await (
          await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token))
        ).json()) as TaxReport
      ).totals;
    const storedRefundedTax = async () => {
      const [row] = await db()
        .select({ tax: sum(orderRefunds.taxCents).mapWith(Number) })
        .from(orderRefunds)
        .where(eq(orderRefunds.status, 'succeeded'));
      return row?.tax ?? 0;
    };
    const before = await reportTotals();
    // The enamel mug sold tax-exempt (its class, copied onto the order line).
    const exempt = (taxClass: 'standard' | 'exempt') =>
      db().update(products).set({ taxClass }).where(eq(products.slug, 'campfire-enamel-mug'));
    await exempt('exempt');
    const customer = await customerAccount(api);
    const made = await returnRequestFor(api, customer, [mugLine(1), enamelLine(1)]).finally(() =>
      exempt('standard'),
    );
    await db()
      .update(returnRequests)
      .set({ status: 'received' })
      .where(eq(returnRequests.id, made.requestId));
    const mug = made.items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!;
    const enamel = made.items.find((item) => item.sku === 'EG-MUG-ENAMEL')!;
    const [order] = await db().select().from(orders).where(eq(orders.id, made.order.id));
    // $24.00 taxed at 10.35 % and $19.00 exempt: $2.48 of tax, all the mug's. The order's share
    // of the mug's price, round(248 × 2400 / 4300) = 138, is not what the mug was charged.
    expect([order!.taxCents, mug.taxClass, mug.taxCents, enamel.taxClass, enamel.taxCents]).toEqual(
      [248, 'standard', 248, 'exempt', 0],
    );
    const response = await api.post(
      `/admin/returns/${made.requestId}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: mug.id, quantity: 1 }] },
      bearer(owner.token),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const [refund] = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, made.order.id));
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 2400 + 248, taxCents: 248 });
    // The report's refunded tax is the refunds' stored tax cents, this one's 248 among them.
    const after = await reportTotals();
    expect(after.refundedTaxCents).toBe(await storedRefundedTax());
    expect(after.refundedTaxCents - before.refundedTaxCents).toBe(mug.taxCents);
    expect(after.refundedTaxableCents - before.refundedTaxableCents).toBe(2400);
  });

  it("the report's figures are the stored cents, per location code, on screen and as CSV", async () => {
    const owner = await admin();
    const month = shopDayOf(new Date()).slice(0, 7);
    const response = await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token));
    expect(response.status).toBe(200);
    const report = (await response.json()) as TaxReport;
    const paid = ne(orders.shippingStatus, 'pending_payment');
    // No gift card sold yet in this file: gross is every line, the subtotals.
    const [stored] = await db()
      .select({
        gross: sum(orders.subtotalCents).mapWith(Number),
        tax: sum(orders.taxCents).mapWith(Number),
      })
      .from(orders)
      .where(paid);
    const [refunded] = await db()
      .select({
        amount: sum(orderRefunds.amountCents).mapWith(Number),
        tax: sum(orderRefunds.taxCents).mapWith(Number),
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.status, 'succeeded'));
    expect(report.totals).toMatchObject({
      grossSalesCents: stored!.gross,
      taxCollectedCents: stored!.tax,
      refundedTaxCents: refunded!.tax,
      refundedSalesCents: refunded!.amount - refunded!.tax,
      netTaxCents: stored!.tax - refunded!.tax,
    });
    const redmond = report.rows.find((row) => row.location === '1700');
    expect(redmond).toMatchObject({
      orders: 1,
      grossSalesCents: 4800,
      taxableCents: 4800,
      taxCollectedCents: 490,
    });
    expect(report.rows.map((row) => row.location)).toEqual(['1700', 'WA']);
    const [fallback] = await db()
      .select({ tax: sum(orders.taxCents).mapWith(Number) })
      .from(orders)
      .where(and(paid, eq(orders.taxRate, 0.1035)));
    expect(report.rows[1]!.taxCollectedCents).toBe(fallback!.tax);

    const csv = await api.get(`/admin/tax/report.csv?period=${month}`, bearer(owner.token));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Location code","Location","Orders","Gross sales","Taxable amount","Tax collected","Refunded sales","Refunded taxable","Tax refunded","Net taxable amount","Net tax","Gift cards sold (not sales)"',
    );
    // No names imported yet: the code, said so.
    expect(lines[1]).toBe(
      '"1700","Location 1700 (no name imported)",1,48.00,48.00,4.90,0.00,0.00,0.00,48.00,4.90,0.00',
    );
    expect(report.unnamedCodes).toEqual(['1700']);
    expect(lines.at(-1)).toContain(`"","Total",${report.totals.orders},`);
    expect(lines.at(-1)!.endsWith(`,${(report.totals.netTaxCents / 100).toFixed(2)},0.00`)).toBe(
      true,
    );
    // The Seattle orders were taxed from the table: each listed, with no code to suggest (the
    // sample does not list Seattle).
    const [taxedFromTable] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(paid, isNull(orders.taxLocationCode)));
    expect(report.fallbackOrders).toHaveLength(taxedFromTable!.count);
    expect(report.fallbackOrders[0]).toMatchObject({
      zipcode: '98101',
      rate: 0.1035,
      suggestedCode: null,
    });
    expect(report.fallbackOrders.reduce((sum, order) => sum + order.taxCents, 0)).toBe(
      report.rows[1]!.taxCollectedCents,
    );
    expect((await api.get('/admin/tax/report?period=2026-13', bearer(owner.token))).status).toBe(
      400,
    );
  });

  it("names locations as DOR's location codes file names them, on the report and in the orders CSV", async () => {
    const owner = await admin();
    const month = shopDayOf(new Date()).slice(0, 7);
    const names = [
      'NAME,CODE,STATE,LOCAL,RTA,RATE,EFFECTIVE DATE,EXPIRATION DATE',
      '"Redmond, east",1700,0.065,0.037,0,0.102,20260101,20261231',
      'Kirkland,1716,0.065,0.038,0,0.103,20260101,20261231',
    ].join('\r\n');
    const today = shopDayOf(new Date());
    const exportNow = async () =>
      readCsvText(
        await (
          await api.get(
            `/admin/exports/orders.csv?from=${month}-01&to=${today}`,
            bearer(owner.token),
          )
        ).text(),
      );
    // Before: the code, and that it has no name.
    expect((await exportNow()).find((row) => row['Location code'] === '1700')!.Location).toBe(
      TAX_REPORT_NOTES.unnamedLabel('1700'),
    );
    const refused = await api.post(
      '/admin/tax/import',
      { fileName: 'names.csv', content: `${names}\r\nNowhere,17x6,0.065,0,0,0.065,,` },
      bearer(owner.token),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      LOCATION_NAME_MESSAGES.code(4, '17x6'),
    );
    const imported = await api.post(
      '/admin/tax/import',
      { fileName: 'LocationCodes.csv', content: names },
      bearer(owner.token),
    );
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(((await imported.json()) as { message: string }).message).toBe(
      LOCATION_NAME_MESSAGES.imported(2),
    );
    // The ZIP+4 periods are untouched by a names file.
    const status = (await (
      await api.get('/admin/tax/status', bearer(owner.token))
    ).json()) as TaxStatusDto;
    expect(status.current).toMatchObject({ start: sample.start, ranges: 8 });

    const report = (await (
      await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token))
    ).json()) as TaxReport;
    expect(report.rows[0]).toMatchObject({ location: '1700', label: 'Redmond, east' });
    expect(report.unnamedCodes).toEqual([]);
    const csv = await api.get(`/admin/tax/report.csv?period=${month}`, bearer(owner.token));
    expect((await csv.text()).split('\r\n')[1]).toMatch(/^"1700","Redmond, east",1,/);
    const exported = await exportNow();
    expect(exported.find((row) => row['Location code'] === '1700')!.Location).toBe('Redmond, east');
    expect(exported.find((row) => row['Location code'] === '')!.Location).toBe(
      TAX_REPORT_TEXT.fallbackTable,
    );
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tax.import-locations'));
    expect(audits).toHaveLength(1);
  });

  it('keeps a gift card sold beside goods out of gross sales, and an untaxed line has no rate in the CSV', async () => {
    const owner = await admin();
    await plentyOfMugs(api);
    const month = shopDayOf(new Date()).slice(0, 7);
    const today = shopDayOf(new Date());
    const reportNow = async () =>
      (await (
        await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token))
      ).json()) as TaxReport;
    const before = await reportNow();

    // A $40 card and a $19 enamel mug to Seattle; then the card spent on another mug.
    const buyer = freshEmail('card.buyer');
    const withCard = await bought(await buy(api, [cardLine(40, buyer), enamelLine(1)], buyer));
    const spending = await spend(api, [enamelLine(1)], withCard.codes[0]!.code);
    expect(spending.status, await spending.clone().text()).toBe(201);
    const { orderId: spentId } = (await spending.json()) as { orderId: string };
    const cardOnly = await bought(await buy(api, [cardLine(25, buyer)], buyer));

    const after = await reportNow();
    expect(after.totals.grossSalesCents - before.totals.grossSalesCents).toBe(1900 + 1900);
    expect(after.totals.giftCardsSoldCents - before.totals.giftCardsSoldCents).toBe(4000 + 2500);
    expect(after.totals.orders - before.totals.orders).toBe(3);

    const rows = readCsvText(
      await (
        await api.get(`/admin/exports/orders.csv?from=${month}-01&to=${today}`, bearer(owner.token))
      ).text(),
    );
    const [withCardRow, spentRow, cardOnlyRow] = await Promise.all(
      [withCard.orderId, spentId, cardOnly.orderId].map(async (id) => {
        const [row] = await db().select().from(orders).where(eq(orders.id, id));
        return rows.find((csvRow) => csvRow.Order === String(row!.number))!;
      }),
    );
    expect(withCardRow).toMatchObject({
      'Gross sales': '19.00',
      'Gift cards sold': '40.00',
      'Paid by gift card': '0.00',
      'Tax rate': '0.1035',
    });
    expect(Number(withCardRow!['Paid by card'])).toBe(Number(withCardRow!.Total));
    // Paid by the card: a payment, not a second sale.
    expect(spentRow).toMatchObject({ 'Gross sales': '19.00', 'Gift cards sold': '0.00' });
    expect(spentRow!['Paid by gift card']).toBe(spentRow!.Total);
    expect(spentRow!['Paid by card']).toBe('0.00');
    // A card alone is not taxed: no rate, not a rate of 0.
    expect(cardOnlyRow).toMatchObject({ 'Tax rate': '', Tax: '0.00', 'Gift cards sold': '25.00' });

    const lines = readCsvText(
      await (
        await api.get(
          `/admin/exports/order-lines.csv?from=${month}-01&to=${today}`,
          bearer(owner.token),
        )
      ).text(),
    ).filter((line) => line.Order === withCardRow!.Order);
    expect(lines.map((line) => [line.Kind, line['Tax class'], line['Tax rate']])).toEqual([
      ['gift_card', 'exempt', ''],
      ['goods', 'standard', '0.1035'],
    ]);
    expect(lines[0]!.Tax).toBe('0.00');
  });

  it("the report's totals reconcile with the accountant's orders CSV to the cent, per location", async () => {
    const owner = await admin();
    const today = shopDayOf(new Date());
    const month = today.slice(0, 7);
    const report = (await (
      await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token))
    ).json()) as TaxReport;
    const [from, to] = [`${month}-01`, today];
    const csv = await api.get(
      `/admin/exports/orders.csv?from=${from}&to=${to}`,
      bearer(owner.token),
    );
    expect(csv.status).toBe(200);
    const rows = readCsvText(await csv.text());
    const cents = (dollars: string) => Math.round(Number(dollars) * 100);
    const place = (row: Record<string, string>) =>
      row['Location code'] || (row.State === 'WA' ? 'WA' : 'OUT');
    const add = (list: Record<string, string>[], column: string) =>
      list.reduce((total, row) => total + cents(row[column]!), 0);

    // What this file placed covers every kind: a location code, the table, a cancel, refunds.
    expect(new Set(rows.map(place))).toEqual(new Set(['1700', 'WA']));
    expect(add(rows, 'Refunds')).toBeGreaterThan(0);
    // Gift cards were sold and spent in this file too (the test before).
    expect(report.totals.giftCardsSoldCents).toBeGreaterThan(0);
    expect(add(rows, 'Paid by gift card')).toBeGreaterThan(0);
    expect(rows).toHaveLength(report.totals.orders);
    expect(add(rows, 'Gross sales')).toBe(report.totals.grossSalesCents);
    expect(add(rows, 'Gift cards sold')).toBe(report.totals.giftCardsSoldCents);
    expect(add(rows, 'Tax')).toBe(report.totals.taxCollectedCents);
    expect(add(rows, 'Refunded tax')).toBe(report.totals.refundedTaxCents);
    // Sales, cards sold and tax are what was owed; the payments settle it once, by one means each.
    expect(add(rows, 'Total')).toBe(
      report.totals.grossSalesCents +
        report.totals.giftCardsSoldCents +
        report.totals.taxCollectedCents,
    );
    expect(add(rows, 'Paid by gift card') + add(rows, 'Paid by card')).toBe(add(rows, 'Total'));
    // No gift card was refunded here: refunds are sales and tax given back.
    expect(add(rows, 'Refunds')).toBe(
      report.totals.refundedSalesCents + report.totals.refundedTaxCents,
    );
    for (const line of report.rows) {
      const here = rows.filter((row) => place(row) === line.location);
      expect(here, line.location).toHaveLength(line.orders);
      expect(add(here, 'Gross sales'), line.location).toBe(line.grossSalesCents);
      expect(add(here, 'Tax'), line.location).toBe(line.taxCollectedCents);
      expect(add(here, 'Refunded tax'), line.location).toBe(line.refundedTaxCents);
      expect(add(here, 'Refunds'), line.location).toBe(
        line.refundedSalesCents + line.refundedTaxCents,
      );
    }
  });
});
