import { randomUUID } from 'node:crypto';
import { and, eq, ne, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  orderRefunds,
  orders,
  productVariants,
  returnRequestItems,
  returnRequests,
} from '../../api/db/schema';
import { shopDayOf } from '../../core/shop-calendar';
import { TAX_MESSAGES } from '../../core/tax/messages';
import type { TaxReport } from '../../core/tax/report';
import type { TaxStatusDto } from '../../core/tax/import-body';
import { useApi, type ApiHarness } from '../helpers/api';
import { readCsvText } from '../helpers/csv';
import { confirm, enamelLine, guestOrder, mugLine, sandboxToken } from '../helpers/orders';
import { sampleForToday } from '../helpers/tax-sample';
import { customerAccount, paidOrder, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { setStock } from './orders-history-helpers';

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
    // round(693 × 2400 / 6700) = 248; the last refund gives back the other 445.
    expect(refunds).toEqual([
      { amount: 2400 + 248, tax: 248 },
      { amount: 2400 + 1900 + 445, tax: 445 },
    ]);
  });

  it("the report's figures are the stored cents, per location code, on screen and as CSV", async () => {
    const owner = await admin();
    const month = shopDayOf(new Date()).slice(0, 7);
    const response = await api.get(`/admin/tax/report?period=${month}`, bearer(owner.token));
    expect(response.status).toBe(200);
    const report = (await response.json()) as TaxReport;
    const paid = ne(orders.shippingStatus, 'pending_payment');
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
      '"Location code","Location","Orders","Gross sales","Taxable amount","Tax collected","Refunded sales","Refunded taxable","Tax refunded","Net taxable amount","Net tax"',
    );
    expect(lines[1]).toBe('"1700","Location 1700",1,48.00,48.00,4.90,0.00,0.00,0.00,48.00,4.90');
    expect(lines.at(-1)).toContain(`"","Total",${report.totals.orders},`);
    expect(lines.at(-1)!.endsWith(`,${(report.totals.netTaxCents / 100).toFixed(2)}`)).toBe(true);
    expect((await api.get('/admin/tax/report?period=2026-13', bearer(owner.token))).status).toBe(
      400,
    );
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
    expect(rows).toHaveLength(report.totals.orders);
    expect(add(rows, 'Subtotal')).toBe(report.totals.grossSalesCents);
    expect(add(rows, 'Tax')).toBe(report.totals.taxCollectedCents);
    expect(add(rows, 'Refunds')).toBe(
      report.totals.refundedSalesCents + report.totals.refundedTaxCents,
    );
    for (const line of report.rows) {
      const here = rows.filter((row) => place(row) === line.location);
      expect(here, line.location).toHaveLength(line.orders);
      expect(add(here, 'Subtotal'), line.location).toBe(line.grossSalesCents);
      expect(add(here, 'Tax'), line.location).toBe(line.taxCollectedCents);
      expect(add(here, 'Refunds'), line.location).toBe(
        line.refundedSalesCents + line.refundedTaxCents,
      );
    }
  });
});
