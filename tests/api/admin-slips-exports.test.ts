import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import {
  auditLog,
  orderItems,
  orderNotes,
  orderRefunds,
  orders,
  payments,
} from '../../api/db/schema';
import { EXPORT_BATCH } from '../../api/modules/admin/exports';
import { ORDER_COLUMNS } from '../../api/modules/admin/export-columns';
import { TAX_REPORT_TEXT } from '../../core/tax/messages';
import { signOrderLink } from '../../api/modules/orders/guest-link';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';
import { NOTE_MESSAGES } from '../../core/admin/order-notes';
import type { SlipsAnswer } from '../../core/admin/slips';
import { SEARCH_TEXT_MESSAGE } from '../../core/plain-text';
import { useApi, type ApiHarness } from '../helpers/api';
import { readCsvText } from '../helpers/csv';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

/*
 * Issue 28 points 1, 2 and 5: packing slips and the pick list, the accountant's CSV exports, order
 * notes and finding an order. Orders are placed through the real checkout (paidOrder: one Cedar
 * Ridge mug, shipped to Seattle); what the checkout cannot set yet (gift fields, dates, statuses)
 * is set in the database, as h-gift's checkout and time will.
 */

const db = (api: ApiHarness) => api.test.database.db;
const at = (api: ApiHarness, id: string, createdAt: string) =>
  db(api)
    .update(orders)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(orders.id, id));

/** The whole body of a CSV answer, and how many chunks it came in. */
async function readCsv(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
  return { text, rows: readCsvText(text), chunks };
}

describe('packing slips and the pick list (issue 28 point 1)', () => {
  const api = useApi({ seed: true });

  it('a gift slip shows the message with its line breaks and no price; the other shows prices; the pick list totals', async () => {
    const admin = await signedInAdmin(api);
    const plain = await paidOrder(api);
    const gift = await paidOrder(api);
    await db(api)
      .update(orders)
      .set({
        giftMessage: 'Happy birthday, Grace!\nLove, Ada',
        giftHidePrices: true,
        shippingAddress: {
          line1: '1 Rainier Ave',
          line2: '',
          city: 'Seattle',
          state: 'WA',
          zipcode: '98144',
          firstname: 'Grace',
          lastname: 'Hopper',
        } as never,
      })
      .where(eq(orders.id, gift));
    await db(api).update(orderItems).set({ quantity: 3 }).where(eq(orderItems.orderId, gift));

    const answer = await api.get(`/admin/slips?ids=${plain},${gift}`, bearer(admin.token));
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as SlipsAnswer;
    expect(body.shop).toEqual({ name: config().siteName, returnAddress: config().returnAddress });
    const [first, second] = body.slips;
    expect(first!.orderId).toBe(plain);
    expect(first!.showPrices).toBe(true);
    expect(first!.lines).toEqual([
      {
        sku: 'EG-MUG-CEDAR-GRN',
        title: 'Cedar Ridge Stoneware Mug',
        option: 'Forest Green',
        quantity: 1,
        unitPriceCents: 2400,
      },
    ]);
    expect(first!.subtotalCents).toBe(2400);
    expect(second!.orderId).toBe(gift);
    expect(second!.shipTo.name).toBe('Grace Hopper');
    expect(second!.giftMessage).toBe('Happy birthday, Grace!\nLove, Ada');
    expect(second!.showPrices).toBe(false);
    // No amount of the gift anywhere in the answer, not only hidden by the page.
    expect(JSON.stringify(second)).not.toMatch(/Cents/);
    expect(body.pickList).toEqual([
      {
        sku: 'EG-MUG-CEDAR-GRN',
        title: 'Cedar Ridge Stoneware Mug',
        option: 'Forest Green',
        units: 4,
        orders: 2,
      },
    ]);
    // The buyer's name when the address carries none.
    expect(first!.shipTo.name).toBe('Ada Lovelace');
    const [audited] = await db(api)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.slips'), eq(auditLog.actorEmail, admin.email)));
    expect(audited?.after).toEqual({ orders: [first!.number, second!.number] });
  });

  it('"all unfulfilled" prints every order waiting to ship, never a digital-only or shipped one', async () => {
    const admin = await signedInAdmin(api);
    const waiting = await paidOrder(api);
    const shipped = await paidOrder(api);
    const digital = await paidOrder(api);
    await db(api).update(orders).set({ shippingStatus: 'shipped' }).where(eq(orders.id, shipped));
    await db(api)
      .update(orderItems)
      .set({ category: 'Digital', kind: 'digital' })
      .where(eq(orderItems.orderId, digital));
    const body = (await (
      await api.get('/admin/slips?unfulfilled=1', bearer(admin.token))
    ).json()) as SlipsAnswer;
    const ids = body.slips.map((slip) => slip.orderId);
    expect(ids).toContain(waiting);
    expect(ids).not.toContain(shipped);
    expect(ids).not.toContain(digital);
    // Chosen by id, a shipped order's slip can be printed again; a digital-only one has none.
    const again = (await (
      await api.get(`/admin/slips?ids=${shipped},${digital}`, bearer(admin.token))
    ).json()) as SlipsAnswer;
    expect(again.slips.map((slip) => slip.orderId)).toEqual([shipped]);
  });

  it('is the back office only', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api, freshEmail('c')));
    expect((await api.get('/admin/slips?unfulfilled=1')).status).toBe(401);
    expect((await api.get('/admin/slips?unfulfilled=1', bearer(customer.token))).status).toBe(403);
    expect(
      (
        await api.get(
          '/admin/exports/orders.csv?from=2026-01-01&to=2026-01-31',
          bearer(customer.token),
        )
      ).status,
    ).toBe(403);
  });
});

describe("the accountant's CSV exports (issue 28 point 2)", () => {
  const api = useApi({ seed: true });

  it("counts the paid orders of the range's shop days, edges included, with the stored cents", async () => {
    const admin = await signedInAdmin(api);
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await paidOrder(api));
    const [before, firstInstant, lastInstant, after, unpaid, canceled] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // November 2026 in Los Angeles: 2026-11-01T07:00Z (PDT) to 2026-12-01T08:00Z (PST).
    await at(api, before, '2026-11-01T06:59:59.999Z');
    await at(api, firstInstant, '2026-11-01T07:00:00.000Z');
    await at(api, lastInstant, '2026-12-01T07:59:59.999Z');
    await at(api, after, '2026-12-01T08:00:00.000Z');
    await at(api, unpaid, '2026-11-15T12:00:00.000Z');
    await at(api, canceled, '2026-11-16T12:00:00.000Z');
    await db(api)
      .update(orders)
      .set({ shippingStatus: 'payment_failed' })
      .where(eq(orders.id, unpaid));
    await db(api)
      .update(orders)
      .set({ shippingStatus: 'canceled', firstname: '=HYPERLINK("http://evil.example","x")' })
      .where(eq(orders.id, canceled));
    await db(api)
      .insert(orderRefunds)
      .values([
        {
          orderId: canceled,
          amountCents: 1000,
          status: 'succeeded',
          idempotencyKey: randomUUID(),
          lines: [],
          actorEmail: 'owner@example.com',
        },
        {
          orderId: canceled,
          amountCents: 500,
          status: 'failed',
          idempotencyKey: randomUUID(),
          lines: [],
          actorEmail: 'owner@example.com',
        },
        {
          orderId: canceled,
          amountCents: 120,
          status: 'succeeded',
          idempotencyKey: randomUUID(),
          lines: [],
          actorEmail: 'owner@example.com',
        },
      ]);

    const response = await api.get(
      '/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30',
      bearer(admin.token),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(
      'orders-2026-11-01-to-2026-11-30.csv',
    );
    const { rows, text } = await readCsv(response);
    expect(Object.keys(rows[0]!)).toEqual([...ORDER_COLUMNS]);
    const stored = await db(api).select().from(orders).where(inArray(orders.id, ids));
    const numberOf = (id: string) => String(stored.find((o) => o.id === id)!.number);
    expect(rows.map((row) => row.Order).sort()).toEqual(
      [firstInstant, lastInstant, canceled].map(numberOf).sort(),
    );
    const first = rows.find((row) => row.Order === numberOf(firstInstant))!;
    const order = stored.find((o) => o.id === firstInstant)!;
    const [payment] = await db(api).select().from(payments).where(eq(payments.orderId, order.id));
    expect(first).toMatchObject({
      Date: '2026-11-01 00:00:00',
      Status: 'unfulfilled',
      Buyer: 'guest',
      State: 'WA',
      ZIP: order.shippingAddress!.zipcode,
      Location: TAX_REPORT_TEXT.fallbackTable,
      'Tax rate': String(order.taxRate),
      // Goods only: no gift card in it, so gross sales are its subtotal.
      'Gross sales': (order.subtotalCents / 100).toFixed(2),
      'Gift cards sold': '0.00',
      Tax: (order.taxCents / 100).toFixed(2),
      Total: (order.totalCents / 100).toFixed(2),
      'Paid by gift card': '0.00',
      'Paid by card': (payment!.amountCents / 100).toFixed(2),
      Refunds: '0.00',
      'Refunded tax': '0.00',
      'Payment reference': payment!.reference,
    });
    expect(payment!.amountCents).toBe(order.totalCents);
    expect(rows.find((row) => row.Order === numberOf(lastInstant))!.Date).toBe(
      '2026-11-30 23:59:59',
    );
    const refunded = rows.find((row) => row.Order === numberOf(canceled))!;
    expect(refunded.Refunds).toBe('11.20');
    expect(refunded.Status).toBe('canceled');
    // The formula reads as text: a leading quote, and csv-stringify quotes the cell.
    expect(refunded.Name).toBe(`'=HYPERLINK("http://evil.example","x") Lovelace`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);

    const [audited] = await db(api)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'orders.export'), eq(auditLog.actorEmail, admin.email)));
    expect(audited).toMatchObject({
      entity: 'export',
      entityId: 'orders.csv',
      after: { from: '2026-11-01', to: '2026-11-30' },
    });
  });

  it('neutralises a cell that starts with a formula character', async () => {
    const admin = await signedInAdmin(api);
    const id = await paidOrder(api);
    await at(api, id, '2026-10-10T18:00:00Z');
    await db(api)
      .update(orders)
      .set({ firstname: '@SUM(1+1)', lastname: 'x' })
      .where(eq(orders.id, id));
    await db(api)
      .update(orderItems)
      .set({ title: '-2+3', variantTitle: '=1' })
      .where(eq(orderItems.orderId, id));
    const orderCsv = await readCsv(
      await api.get('/admin/exports/orders.csv?from=2026-10-10&to=2026-10-10', bearer(admin.token)),
    );
    expect(orderCsv.rows.map((row) => row.Name)).toEqual(["'@SUM(1+1) x"]);
    const lines = await readCsv(
      await api.get(
        '/admin/exports/order-lines.csv?from=2026-10-10&to=2026-10-10',
        bearer(admin.token),
      ),
    );
    expect(lines.rows).toEqual([
      expect.objectContaining({
        SKU: 'EG-MUG-CEDAR-GRN',
        Product: "'-2+3",
        Option: "'=1",
        Quantity: '1',
        'Unit price': '24.00',
        'Line total': '24.00',
        Kind: 'goods',
        'Tax class': 'standard',
      }),
    ]);
  });

  it('streams a long range in batches: every order once, in order, the body in several chunks', async () => {
    const admin = await signedInAdmin(api);
    const template = await paidOrder(api);
    const [row] = await db(api).select().from(orders).where(eq(orders.id, template));
    const { id: _id, number: _number, ...copy } = row!;
    const total = EXPORT_BATCH * 2 + 37;
    for (let done = 1; done < total; done += 200) {
      const count = Math.min(200, total - done);
      await db(api)
        .insert(orders)
        .values(
          Array.from({ length: count }, () => ({ ...copy, chargeKey: null, requestKey: null })),
        );
    }
    await db(api)
      .update(orders)
      .set({ createdAt: new Date('2025-03-15T20:00:00Z') })
      .where(eq(orders.email, row!.email));
    const response = await api.get(
      '/admin/exports/orders.csv?from=2025-03-01&to=2025-03-31',
      bearer(admin.token),
    );
    const { rows, chunks } = await readCsv(response);
    expect(rows).toHaveLength(total);
    const numbers = rows.map((r) => Number(r.Order));
    expect(new Set(numbers).size).toBe(total);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it('refuses a reversed or impossible range', async () => {
    const admin = await signedInAdmin(api);
    const reversed = await api.get(
      '/admin/exports/orders.csv?from=2026-03-02&to=2026-03-01',
      bearer(admin.token),
    );
    expect(reversed.status).toBe(400);
    const impossible = await api.get(
      '/admin/exports/order-lines.csv?from=2026-02-01&to=2026-02-30',
      bearer(admin.token),
    );
    expect(impossible.status).toBe(400);
  });
});

describe('order notes and finding an order (issue 28 point 5)', () => {
  const api = useApi({ seed: true });

  it("a note is audited, on the back office's order page, and in no answer the customer or a guest gets", async () => {
    const admin = await signedInAdmin(api);
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('noted'));
    const customer = await logIn(client, account);
    const orderId = await paidOrder(api, account.email);
    const secret = 'Customer sounded upset; ship with the spare lid. NOTE-7731';
    const added = await api.post(
      `/admin/orders/${orderId}/notes`,
      { text: secret },
      bearer(admin.token),
    );
    expect(added.status, await added.clone().text()).toBe(200);
    const detail = (await (
      await api.get(`/admin/orders/${orderId}`, bearer(admin.token))
    ).json()) as { notes: { text: string; authorEmail: string }[] };
    expect(detail.notes).toEqual([
      expect.objectContaining({ text: secret, authorEmail: admin.email }),
    ]);
    const [audited] = await db(api)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.note'), eq(auditLog.entityId, orderId)));
    expect(audited?.after).toMatchObject({ text: secret });

    const history = await api.get('/orders/orders', bearer(customer.token));
    expect(history.status).toBe(200);
    const historyText = await history.text();
    expect(historyText).toContain(orderId);
    expect(historyText).not.toContain('NOTE-7731');
    const link = signOrderLink(config().jwtSecret, orderId, new Date(Date.now() + 86_400_000));
    const guestView = await api.get('/orders/guest', { headers: { [ORDER_LINK_HEADER]: link } });
    expect(guestView.status).toBe(200);
    const guestText = await guestView.text();
    expect(guestText).toContain(orderId);
    expect(guestText).not.toContain('NOTE-7731');
  });

  it('refuses an empty or too long note, and a customer', async () => {
    const admin = await signedInAdmin(api);
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api, freshEmail('c')));
    const orderId = await paidOrder(api);
    for (const text of ['   ', 'x'.repeat(2001), 'a\u0000b']) {
      const refused = await api.post(
        `/admin/orders/${orderId}/notes`,
        { text },
        bearer(admin.token),
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(NOTE_MESSAGES.text);
    }
    const ok = await api.post(
      `/admin/orders/${orderId}/notes`,
      { text: 'x'.repeat(2000) },
      bearer(admin.token),
    );
    expect(ok.status).toBe(200);
    const forbidden = await api.post(
      `/admin/orders/${orderId}/notes`,
      { text: 'hello' },
      bearer(customer.token),
    );
    expect(forbidden.status).toBe(403);
    const notes = await db(api).select().from(orderNotes).where(eq(orderNotes.orderId, orderId));
    expect(notes).toHaveLength(1);
    const missing = await api.post(
      '/admin/orders/00000000-0000-4000-8000-000000000000/notes',
      { text: 'hello' },
      bearer(admin.token),
    );
    expect(missing.status).toBe(404);
  });

  it('the orders list finds an order by SKU or product title, and by shop days', async () => {
    const admin = await signedInAdmin(api);
    const mug = await paidOrder(api);
    const other = await paidOrder(api);
    await db(api)
      .update(orderItems)
      .set({ sku: 'EG-TEST-LANTERN-77', title: 'Brass Trail Lantern' })
      .where(eq(orderItems.orderId, other));
    await at(api, other, '2026-06-30T06:59:59Z'); // June 29, 23:59:59 in Los Angeles
    const idsFor = async (query: string) => {
      const answer = await api.get(`/admin/orders?status=all&${query}`, bearer(admin.token));
      expect(answer.status, await answer.clone().text()).toBe(200);
      return ((await answer.json()) as { orders: { id: string }[] }).orders.map((o) => o.id);
    };
    expect(await idsFor('q=eg-test-lantern-77')).toEqual([other]);
    expect(await idsFor('q=LANTERN-7')).toEqual([other]);
    expect(await idsFor('q=trail%20lantern')).toEqual([other]);
    const byMugSku = await idsFor('q=EG-MUG-CEDAR-GRN');
    expect(byMugSku).toContain(mug);
    expect(byMugSku).not.toContain(other);
    // A wildcard in the search is a character, not a pattern.
    expect(await idsFor('q=EG-TEST%25')).toEqual([]);
    expect(await idsFor('from=2026-06-29&to=2026-06-29')).toEqual([other]);
    expect(await idsFor('from=2026-06-30&to=2026-06-30')).toEqual([]);
    expect(await idsFor('to=2026-06-28')).not.toContain(other);
    expect((await api.get('/admin/orders?from=2026-02-30', bearer(admin.token))).status).toBe(400);
    // A control character in the search box is refused, not sent to the database (a 500 before).
    for (const path of ['/admin/orders?q=a%00b', '/admin/customers?q=%00']) {
      const refused = await api.get(path, bearer(admin.token));
      expect(refused.status, path).toBe(400);
      expect(await refused.text()).toContain(SEARCH_TEXT_MESSAGE);
    }
  });
});
