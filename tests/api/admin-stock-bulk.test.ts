import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { STOCK_MESSAGES } from '../../core/admin/stock-body';
import { PRODUCT_MESSAGES } from '../../core/admin/model';
import type { ProductDto, VariantDto } from '../../core/product/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelSku, stockOf } from './stock-helpers';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/** Two variants of the cedar mug and the enamel mug (no variants): three rows of the stock page. */
const GREEN = 'EG-MUG-CEDAR-GRN';
const BLUE = 'EG-MUG-CEDAR-BLU';
const MUG = seedProductId('cedar-ridge-mug');
const ENAMEL = seedProductId('campfire-enamel-mug');

const stockAudit = (api: ApiHarness, since: Date) =>
  api.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'product.stock')))
    .then((rows) => rows.filter((row) => row.createdAt >= since));

describe('POST /admin/products/stock/bulk: many quantities, one transaction', () => {
  const api = useApi({ seed: true });

  it('saves three rows at once, one audit row each, and the product pages show them', async () => {
    const admin = await signedInAdmin(api);
    const enamel = await enamelSku(api);
    const since = new Date(Date.now() - 1000);
    const before = await stockOf(api, [GREEN, BLUE, enamel]);
    const saved = await api.post(
      '/admin/products/stock/bulk',
      {
        items: [
          { sku: GREEN, quantity: 31 },
          { sku: BLUE, quantity: '32' },
          { sku: enamel, quantity: 33 },
        ],
      },
      bearer(admin.token),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { message: string }).message).toBe(STOCK_MESSAGES.saved(3));
    expect(await stockOf(api, [GREEN, BLUE, enamel])).toEqual({
      [GREEN]: 31,
      [BLUE]: 32,
      [enamel]: 33,
    });
    const audit = await stockAudit(api, since);
    expect(audit.map((row) => [row.before, row.after, row.actorEmail])).toEqual(
      expect.arrayContaining([
        [{ sku: GREEN, quantity: before[GREEN] }, { sku: GREEN, quantity: 31 }, admin.email],
        [{ sku: BLUE, quantity: before[BLUE] }, { sku: BLUE, quantity: 32 }, admin.email],
        [{ sku: enamel, quantity: before[enamel] }, { sku: enamel, quantity: 33 }, admin.email],
      ]),
    );
    expect(audit).toHaveLength(3);

    // The catalogue's change function ran: the public product answers show the new stock.
    const mug = (await (await api.get(`/product/detail/${MUG}`)).json()) as ProductDto;
    const variants = mug.variants as VariantDto[];
    expect(variants.find((v) => v.sku === GREEN)?.quantity).toBe(31);
    expect(variants.find((v) => v.sku === BLUE)?.quantity).toBe(32);
    // The mug's own stock is its variants' total: checkout and its page read it as a cap.
    expect(mug.quantity).toBe(variants.reduce((sum, v) => sum + v.quantity, 0));
    const enamelPage = (await (await api.get(`/product/detail/${ENAMEL}`)).json()) as ProductDto;
    expect(enamelPage.quantity).toBe(33);
  });

  it('an unknown SKU refuses the whole save, names the row, and changes nothing', async () => {
    const admin = await signedInAdmin(api);
    const enamel = await enamelSku(api);
    const before = await stockOf(api, [GREEN, BLUE, enamel]);
    const since = new Date();
    const refused = await api.post(
      '/admin/products/stock/bulk',
      {
        items: [
          { sku: GREEN, quantity: before[GREEN]! + 5 },
          { sku: 'EG-NO-SUCH-THING', quantity: 4 },
          { sku: enamel, quantity: before[enamel]! + 5 },
        ],
      },
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: string; fields: Record<string, string> };
    const named = STOCK_MESSAGES.row('EG-NO-SUCH-THING', STOCK_MESSAGES.unknownSku);
    expect(body.fields).toEqual({ 'items.1.sku': named });
    expect(body.error).toBe(`${named} ${STOCK_MESSAGES.nothingSaved}`);
    // Every row is known before any is written: GREEN, before the bad row, is not written either.
    expect(await stockOf(api, [GREEN, BLUE, enamel])).toEqual(before);
    expect(await stockAudit(api, since)).toHaveLength(0);
  });

  it('a bad quantity refuses the whole save with its row named, and changes nothing', async () => {
    const admin = await signedInAdmin(api);
    const before = await stockOf(api, [GREEN, BLUE]);
    const since = new Date();
    for (const bad of [-1, 2.5, 'ten', 100_001]) {
      const refused = await api.post(
        '/admin/products/stock/bulk',
        {
          items: [
            { sku: GREEN, quantity: 40 },
            { sku: BLUE, quantity: bad },
          ],
        },
        bearer(admin.token),
      );
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { fields: Record<string, string> };
      expect(body.fields['items.1.quantity']).toBe(
        STOCK_MESSAGES.row(BLUE, PRODUCT_MESSAGES.quantity),
      );
    }
    const twice = await api.post(
      '/admin/products/stock/bulk',
      {
        items: [
          { sku: GREEN, quantity: 40 },
          { sku: GREEN, quantity: 41 },
        ],
      },
      bearer(admin.token),
    );
    expect(((await twice.json()) as { fields: Record<string, string> }).fields).toEqual({
      'items.1.quantity': STOCK_MESSAGES.row(GREEN, STOCK_MESSAGES.twice),
    });
    expect(await stockOf(api, [GREEN, BLUE])).toEqual(before);
    expect(await stockAudit(api, since)).toHaveLength(0);
  });

  it('an unchanged row is neither written nor audited; customers cannot save', async () => {
    const admin = await signedInAdmin(api);
    const before = await stockOf(api, [GREEN, BLUE]);
    const since = new Date();
    const saved = await api.post(
      '/admin/products/stock/bulk',
      {
        items: [
          { sku: GREEN, quantity: before[GREEN] },
          { sku: BLUE, quantity: before[BLUE]! + 1 },
        ],
      },
      bearer(admin.token),
    );
    expect(((await saved.json()) as { saved: unknown[] }).saved).toEqual([
      { sku: BLUE, quantity: before[BLUE]! + 1 },
    ]);
    expect((await stockAudit(api, since)).map((row) => row.after)).toEqual([
      { sku: BLUE, quantity: before[BLUE]! + 1 },
    ]);
    const anonymous = await api.post('/admin/products/stock/bulk', {
      items: [{ sku: GREEN, quantity: 0 }],
    });
    expect(anonymous.status).toBe(401);
    expect((await stockOf(api, [GREEN]))[GREEN]).toBe(before[GREEN]);
  });
});
