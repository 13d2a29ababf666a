import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/client';
import { auditLog, lowStockDigests, outbox, productVariants, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { runLowStockDigest } from '../../api/modules/inventory/low-stock';
import { shopDayAndHour } from '../../core/shop-calendar';
import { LOW_STOCK_DIGEST_TEXT } from '../../api/modules/inventory/low-stock-email';
import type { ShopDetails } from '../../api/modules/mail/templates/shop';
import { releaseStock, reserveStock } from '../../api/modules/orders/stock';
import type { PricedLine } from '../../api/modules/orders/pricing';
import { DEFAULT_LOW_STOCK_THRESHOLD, STOCK_MESSAGES } from '../../core/admin/stock-body';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { enamelSku } from './stock-helpers';

/**
 * Issue 28 point 4: low-stock thresholds per product and variant, the dashboard's list, and the
 * daily digest to SHOP_EMAIL. The digest's once-only sending races for real on PostgreSQL
 * (DATABASE_URL=postgres://…): two pools, as two processes have.
 */
const GREEN = 'EG-MUG-CEDAR-GRN';
const BLUE = 'EG-MUG-CEDAR-BLU';
const MUG = seedProductId('cedar-ridge-mug');
const SHOP: ShopDetails = {
  siteName: 'Evergreen',
  siteUrl: 'https://shop.test',
  shopEmail: 'owner@shop.test',
};
/** 08:00 in Seattle (UTC−8 in winter) on the given day of January 2031. */
const morning = (day: number) => new Date(Date.UTC(2031, 0, day, 16, 0));

interface StockRow {
  sku: string;
  productSku: string;
  quantity: number | null;
  threshold: number;
  ownThreshold: number | null;
  productThreshold: number;
}

async function save(api: ApiHarness, items: object[]) {
  const admin = await signedInAdmin(api);
  return api.post('/admin/products/stock/bulk', { items }, bearer(admin.token));
}

async function stockRows(api: ApiHarness): Promise<Map<string, StockRow>> {
  const admin = await signedInAdmin(api);
  const answer = await api.get('/admin/products', bearer(admin.token));
  const body = (await answer.json()) as { items: StockRow[] };
  return new Map(body.items.map((row) => [row.sku, row]));
}

const mugSku = async (api: ApiHarness) =>
  (
    await api.test.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, MUG))
  )[0]!.sku;

const digests = (api: ApiHarness) =>
  api.test.database.db.select().from(outbox).where(eq(outbox.kind, 'stock.low-digest'));

describe('low-stock thresholds (issue 28)', () => {
  const api = useApi({ seed: true });

  it('default to 3; a variant without its own uses its product’s; saved and audited', async () => {
    const enamel = await enamelSku(api);
    const mug = await mugSku(api);
    const before = await stockRows(api);
    expect(before.get(GREEN)).toMatchObject({
      productSku: mug,
      threshold: DEFAULT_LOW_STOCK_THRESHOLD,
      ownThreshold: null,
      productThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    });
    expect(before.get(enamel)!.threshold).toBe(DEFAULT_LOW_STOCK_THRESHOLD);

    const since = new Date(Date.now() - 1000);
    const saved = await save(api, [
      { sku: mug, threshold: 6 },
      { sku: GREEN, threshold: '10' },
      { sku: enamel, threshold: 7, quantity: 41 },
    ]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { message: string }).message).toBe(
      `${STOCK_MESSAGES.saved(1)} ${STOCK_MESSAGES.savedThresholds(3)}`,
    );
    const after = await stockRows(api);
    expect(after.get(GREEN)).toMatchObject({ threshold: 10, ownThreshold: 10 });
    expect(after.get(BLUE)).toMatchObject({
      threshold: 6,
      ownThreshold: null,
      productThreshold: 6,
    });
    expect(after.get(enamel)).toMatchObject({ threshold: 7, quantity: 41 });
    const audit = (await api.test.database.db.select().from(auditLog)).filter(
      (row) => row.createdAt >= since,
    );
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ['product.low-stock-threshold', { sku: mug, threshold: 3 }, { sku: mug, threshold: 6 }],
        [
          'product.low-stock-threshold',
          { sku: GREEN, threshold: null },
          { sku: GREEN, threshold: 10 },
        ],
        [
          'product.stock',
          { sku: enamel, quantity: before.get(enamel)!.quantity, threshold: 3 },
          { sku: enamel, quantity: 41, threshold: 7 },
        ],
      ]),
    );

    // Emptied, a variant's threshold is its product's again, a product's the default.
    expect(
      (
        await save(api, [
          { sku: GREEN, threshold: '' },
          { sku: enamel, threshold: null },
        ])
      ).status,
    ).toBe(200);
    const reset = await stockRows(api);
    expect(reset.get(GREEN)).toMatchObject({ threshold: 6, ownThreshold: null });
    expect(reset.get(enamel)!.threshold).toBe(DEFAULT_LOW_STOCK_THRESHOLD);
  });

  it('refuses a threshold that is not a whole number 0–999, naming the row, saving nothing', async () => {
    const enamel = await enamelSku(api);
    const before = await stockRows(api);
    for (const bad of [1000, -1, 2.5, 'x']) {
      const refused = await save(api, [
        { sku: GREEN, threshold: 4 },
        { sku: enamel, threshold: bad },
      ]);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { fields: Record<string, string> };
      expect(body.fields['items.1.threshold']).toBe(
        STOCK_MESSAGES.row(enamel, STOCK_MESSAGES.threshold),
      );
    }
    const nothing = await save(api, [{ sku: GREEN }]);
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { fields: Record<string, string> }).fields).toEqual({
      'items.0.quantity': STOCK_MESSAGES.row(GREEN, STOCK_MESSAGES.nothingToChange),
    });
    expect(await stockRows(api)).toEqual(before);
  });

  it('the dashboard lists every row at or under its threshold, sold out included', async () => {
    const enamel = await enamelSku(api);
    const mug = await mugSku(api);
    const saved = await save(api, [
      { sku: mug, threshold: 5 },
      { sku: GREEN, quantity: 0 },
      { sku: BLUE, quantity: 5 },
      { sku: 'EG-MUG-CEDAR-CRM', quantity: 6 },
      { sku: enamel, quantity: 8, threshold: 8 },
    ]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const admin = await signedInAdmin(api);
    const board = (await (await api.get('/admin/dashboard', bearer(admin.token))).json()) as {
      lowStock: { sku: string; quantity: number; threshold: number; productId: string }[];
    };
    const listed = new Map(board.lowStock.map((row) => [row.sku, row]));
    expect(listed.get(GREEN)).toMatchObject({ quantity: 0, threshold: 5, productId: MUG });
    expect(listed.get(BLUE)).toMatchObject({ quantity: 5, threshold: 5 });
    expect(listed.get(enamel)).toMatchObject({ quantity: 8, threshold: 8 });
    expect(listed.has('EG-MUG-CEDAR-CRM')).toBe(false);
    // A product with variants is listed by its variants, never by its total.
    expect(listed.has(mug)).toBe(false);
    // Every listed row is at or under its threshold, sold out first.
    for (const row of board.lowStock) expect(row.quantity).toBeLessThanOrEqual(row.threshold);
    expect(board.lowStock[0]!.quantity).toBe(0);
  });
});

describe('the daily low-stock digest (issue 28)', () => {
  const api = useApi({ seed: true });
  const run = (day: number, hour = 16) =>
    runLowStockDigest(api.test.database.db, new Date(Date.UTC(2031, 0, day, hour, 0)), SHOP);

  it('sends nothing when nothing crossed, and nothing before the digest hour', async () => {
    expect(await run(2, 10)).toMatchObject({ sent: false, reason: 'early' }); // 02:00 in Seattle
    expect(await run(2)).toMatchObject({ sent: false, reason: 'nothing-crossed' });
    expect(await digests(api)).toHaveLength(0);
    expect(await api.test.database.db.select().from(lowStockDigests)).toHaveLength(0);
  });

  it('reports only what crossed since the last digest, once a day', async () => {
    await save(api, [
      { sku: GREEN, quantity: 10 },
      { sku: BLUE, quantity: 10 },
    ]);
    expect(await run(3)).toMatchObject({ reason: 'nothing-crossed' });
    // GREEN goes from above its threshold (3) to 2.
    await save(api, [{ sku: GREEN, quantity: 2 }]);
    const first = await run(3);
    expect(first).toMatchObject({ sent: true, day: '2031-01-03' });
    expect(first.sent && first.items.map((item) => item.sku)).toEqual([GREEN]);
    let mails = await digests(api);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: SHOP.shopEmail,
      subject: LOW_STOCK_DIGEST_TEXT.subject(1),
    });
    expect(mails[0]!.text).toContain(GREEN);

    // BLUE crosses later that day: the day's digest is sent; tomorrow's tells of BLUE only.
    await save(api, [{ sku: BLUE, quantity: 1 }]);
    expect(await run(3, 23)).toMatchObject({ sent: false, reason: 'already-sent' });
    const second = await run(4);
    expect(second.sent && second.items.map((item) => [item.sku, item.quantity])).toEqual([
      [BLUE, 1],
    ]);
    mails = await digests(api);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(BLUE);
    expect(mails[1]!.text).not.toContain(GREEN);

    // Staying low is not crossing again; going back above and down again is.
    await save(api, [{ sku: GREEN, quantity: 1 }]);
    expect(await run(5)).toMatchObject({ reason: 'nothing-crossed' });
    await save(api, [{ sku: GREEN, quantity: 9 }]);
    await save(api, [{ sku: GREEN, quantity: 3 }]);
    const third = await run(6);
    expect(third.sent && third.items.map((item) => item.sku)).toEqual([GREEN]);
    // A row back above its threshold before the digest is not reported.
    await save(api, [{ sku: BLUE, quantity: 20 }]);
    await save(api, [{ sku: BLUE, quantity: 0 }]);
    await save(api, [{ sku: BLUE, quantity: 20 }]);
    expect(await run(7)).toMatchObject({ reason: 'nothing-crossed' });
    expect(await digests(api)).toHaveLength(3);
  });

  it('records a crossing made by checkout, and clears it when the stock is put back', async () => {
    await save(api, [{ sku: GREEN, quantity: 5 }]);
    const line = { productId: MUG, quantity: 2, stockSkus: [GREEN] } as unknown as PricedLine;
    const taken = await reserveStock(api.test.database.db, [line]);
    const flagged = async () =>
      (
        await api.test.database.db
          .select({ since: productVariants.lowStockSince })
          .from(productVariants)
          .where(eq(productVariants.sku, GREEN))
      )[0]!.since;
    expect(await flagged()).toBeInstanceOf(Date);
    await releaseStock(api.test.database.db, taken);
    expect(await flagged()).toBeNull();
    await reserveStock(api.test.database.db, [line]);
    const sent = await run(8);
    expect(sent.sent && sent.items).toEqual([
      expect.objectContaining({ sku: GREEN, quantity: 3, threshold: 3 }),
    ]);
  });

  it('two runners at once (two pools, as two processes): each day’s digest is sent once', async () => {
    const other = api.test.url ? await openDatabase({ url: api.test.url, poolSize: 5 }) : undefined;
    const second = other?.db ?? api.test.database.db;
    try {
      for (let day = 10; day < 16; day += 1) {
        await save(api, [{ sku: GREEN, quantity: 10 }]);
        await save(api, [{ sku: GREEN, quantity: 1 }]);
        const now = morning(day);
        const outcomes = await Promise.all([
          runLowStockDigest(api.test.database.db, now, SHOP),
          runLowStockDigest(second, now, SHOP),
          runLowStockDigest(second, now, SHOP),
        ]);
        expect(outcomes.filter((outcome) => outcome.sent)).toHaveLength(1);
        expect(outcomes.filter((outcome) => !outcome.sent).map((o) => !o.sent && o.reason)).toEqual(
          ['already-sent', 'already-sent'],
        );
        const [claim] = await api.test.database.db
          .select()
          .from(lowStockDigests)
          .where(inArray(lowStockDigests.day, [shopDayAndHour(now).day]));
        expect(claim!.items).toEqual([{ sku: GREEN, quantity: 1, threshold: 3 }]);
      }
      const mails = (await digests(api)).filter((mail) => mail.text.includes(GREEN));
      expect(mails.length).toBeGreaterThanOrEqual(6);
      expect(await api.test.database.db.select().from(lowStockDigests)).toHaveLength(
        (await digests(api)).length,
      );
    } finally {
      await other?.close();
    }
  });
});
