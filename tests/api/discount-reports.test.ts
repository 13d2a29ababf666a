import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { discountUses, orders, products } from '../../api/db/schema';
import { LINE_COLUMNS, ORDER_COLUMNS } from '../../api/modules/admin/export-columns';
import type { DiscountCodeDto } from '../../core/discounts/model';
import { shopDayOf } from '../../core/shop-calendar';
import type { TaxReport } from '../../core/tax/report';
import { useApi } from '../helpers/api';
import { readCsvText } from '../helpers/csv';
import { enamelLine, mugLine } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { discountedOrder } from './support/discounted-order';

/**
 * Issue 42: the owner's reports after discounts. The orders and order-lines CSV carry the code and
 * the amounts; the tax report's taxable amount is the discounted nets of the taxed lines; the
 * dashboard and the codes' list show what each code gave away, on orders that stand as sales.
 */
describe('reports after discounts', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const today = shopDayOf(new Date());
  // 15 % of $48.00 + $19.00 = $10.05: the mugs' share $7.20, the enamel mug's $2.85.
  const lines = [mugLine(2), enamelLine(1)];
  const code = { code: 'REPORT15', percent: 15 };

  async function taxTotals(token: string) {
    const response = await api.get(`/admin/tax/report?period=${today.slice(0, 7)}`, bearer(token));
    expect(response.status).toBe(200);
    return ((await response.json()) as TaxReport).totals;
  }

  it('the orders and order-lines CSV carry the code, the discount and each line’s share', async () => {
    const admin = await signedInAdmin(api);
    const { order, items } = await discountedOrder(api, lines, code);
    const range = `from=${today}&to=${today}`;
    const ordersCsv = await api.get(`/admin/exports/orders.csv?${range}`, bearer(admin.token));
    const orderRows = readCsvText(await ordersCsv.text());
    expect(Object.keys(orderRows[0]!)).toEqual([...ORDER_COLUMNS]);
    const row = orderRows.find((candidate) => candidate.Order === String(order.number))!;
    expect(row).toMatchObject({
      'Gross sales': '67.00',
      'Discount code': 'REPORT15',
      Discount: '10.05',
      Tax: (order.taxCents / 100).toFixed(2),
      Total: (order.totalCents / 100).toFixed(2),
    });
    expect(Math.round(Number(row.Total) * 100)).toBe(6700 - 1005 + order.taxCents);

    const linesCsv = await api.get(`/admin/exports/order-lines.csv?${range}`, bearer(admin.token));
    const lineRows = readCsvText(await linesCsv.text()).filter(
      (candidate) => candidate.Order === String(order.number),
    );
    expect(Object.keys(lineRows[0]!)).toEqual([...LINE_COLUMNS]);
    expect(lineRows.map((line) => [line['Line total'], line.Discount, line.Tax])).toEqual(
      items.map((item) => [
        ((item.unitPriceCents * item.quantity) / 100).toFixed(2),
        (item.discountCents / 100).toFixed(2),
        (item.taxCents / 100).toFixed(2),
      ]),
    );
    expect(lineRows.map((line) => line.Discount)).toEqual(['7.20', '2.85']);
  });

  it("the tax report's taxable amount is the discounted lines' sum, and a line's refund takes back its net", async () => {
    const admin = await signedInAdmin(api);
    const before = await taxTotals(admin.token);
    const { order, items } = await discountedOrder(api, lines, code);
    const after = await taxTotals(admin.token);
    const nets = items.map((item) => item.unitPriceCents * item.quantity - item.discountCents);
    expect(nets).toEqual([4800 - 720, 1900 - 285]);
    expect(after.taxableCents - before.taxableCents).toBe(nets[0]! + nets[1]!);
    expect(after.taxCollectedCents - before.taxCollectedCents).toBe(order.taxCents);
    expect(after.grossSalesCents - before.grossSalesCents).toBe(6700);

    const refunded = await api.post(
      `/admin/orders/${order.id}/refund-lines`,
      {
        idempotencyKey: randomUUID(),
        lines: [{ orderItemId: items[0]!.id, quantity: 2 }],
        reason: 'Both mugs arrived cracked.',
      },
      bearer(admin.token),
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const afterRefund = await taxTotals(admin.token);
    expect(afterRefund.refundedTaxableCents - after.refundedTaxableCents).toBe(nets[0]);
    expect(afterRefund.refundedTaxCents - after.refundedTaxCents).toBe(items[0]!.taxCents);
  });

  it('the dashboard and the codes’ list show what a code gave away on orders that stand; a canceled one drops out', async () => {
    const admin = await signedInAdmin(api);
    const gift = { code: 'DASH20', percent: 20 };
    const first = await discountedOrder(api, [mugLine(1)], gift);
    const second = await discountedOrder(api, [enamelLine(2)], gift);
    const dashboard = async () => {
      const response = await api.get('/admin/dashboard', bearer(admin.token));
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        discountCodes: { code: string; orders: number; amountCents: number }[];
      };
      return body.discountCodes.find((given) => given.code === 'DASH20');
    };
    const listed = async () => {
      const response = await api.get('/admin/discounts', bearer(admin.token));
      const { codes } = (await response.json()) as { codes: DiscountCodeDto[] };
      return codes.find((listedCode) => listedCode.code === 'DASH20')!;
    };
    // 20 % of $24.00 and of $38.00: $4.80 + $7.60.
    expect(await dashboard()).toEqual({ code: 'DASH20', orders: 2, amountCents: 1240 });
    expect(await listed()).toMatchObject({ uses: 2, given: 12.4 });

    // The second order canceled, its use given back (as the checkout's cancel will): it no longer counts.
    await db()
      .update(orders)
      .set({ shippingStatus: 'canceled', canceledAt: new Date() })
      .where(eq(orders.id, second.order.id));
    await db()
      .update(discountUses)
      .set({ releasedAt: new Date() })
      .where(eq(discountUses.orderId, second.order.id));
    expect(await dashboard()).toEqual({ code: 'DASH20', orders: 1, amountCents: 480 });
    expect(await listed()).toMatchObject({ uses: 1, given: 4.8 });
    expect(first.order.discountCents).toBe(480);
  });

  // Last in the file: it sets the enamel mug's price, which the tests above count on.
  it("a discounted line refunded one unit at a time leaves the tax report's taxable amount and tax at what remains, to the cent", async () => {
    const admin = await signedInAdmin(api);
    await db()
      .update(products)
      .set({ priceCents: 1999 })
      .where(eq(products.id, seedProductId('campfire-enamel-mug')));
    const before = await taxTotals(admin.token);
    // 33 % of $59.97 + $24.00 = $27.71; the enamel line's share $19.79, which 3 units do not
    // split evenly: the refunds keep back $6.59, $6.60, $6.60 (a rounded third would be $6.60).
    const { order, items } = await discountedOrder(
      api,
      [{ ...enamelLine(3), price: 19.99 }, mugLine(1)],
      { code: 'PARTS33', percent: 33 },
    );
    const [enamel, mug] = items;
    expect([enamel!.discountCents, mug!.discountCents]).toEqual([1979, 792]);
    for (const reason of ['First mug chipped.', 'Second mug chipped.', 'Third mug chipped.']) {
      const refunded = await api.post(
        `/admin/orders/${order.id}/refund-lines`,
        { idempotencyKey: randomUUID(), lines: [{ orderItemId: enamel!.id, quantity: 1 }], reason },
        bearer(admin.token),
      );
      expect(refunded.status, await refunded.clone().text()).toBe(200);
    }
    const after = await taxTotals(admin.token);
    const change = (key: keyof typeof after) => after[key] - before[key];
    expect(change('refundedTaxableCents')).toBe(3 * 1999 - 1979);
    expect(change('refundedTaxCents')).toBe(enamel!.taxCents);
    // What remains is the mug's line: its discounted net and its tax.
    expect(change('netTaxableCents')).toBe(2400 - 792);
    expect(change('netTaxCents')).toBe(mug!.taxCents);
    expect(order.taxCents).toBe(enamel!.taxCents + mug!.taxCents);
  });
});
