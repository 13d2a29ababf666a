import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, products, productVariants, restockRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { catalogueOf } from '../../api/modules/catalogue';
import { adjust, release, reserve, stockChanged, stockChangeOf } from '../../api/modules/inventory';
import { useApi } from '../helpers/api';
import { freshEmail } from './auth-helpers';

const MUG = seedProductId('cedar-ridge-mug');
const CREAM = 'EG-MUG-CEDAR-CRM'; // sold out in the demo catalogue

/** Issue 35 item 7 (inventory part): one module moves stock, one function follows each move. */
describe('the inventory module', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;

  const variant = async (sku: string) =>
    (await db().select().from(productVariants).where(eq(productVariants.sku, sku)))[0]!;

  it('stockChanged claims back-in-stock requests, records low stock and refreshes the catalogue', async () => {
    const email = freshEmail('inventory');
    const asked = await api.post(
      '/restock-alerts',
      { productId: MUG, sku: CREAM, email },
      { headers: { [CLIENT_IP_HEADER]: '198.51.100.35' } },
    );
    expect(asked.status).toBe(202);
    // Confirmed, as only a confirmed request is waited for (issue 36 row 11).
    await db()
      .update(restockRequests)
      .set({ confirmedAt: new Date() })
      .where(eq(restockRequests.email, email));
    const model = await catalogueOf(db()); // a loaded catalogue, which the change must reach
    const versionBefore = model.productVersion(MUG);
    const cream = await variant(CREAM);
    await db().transaction((tx) =>
      adjust(tx as never, { entity: 'variant', id: cream.id }, { quantity: 2 }),
    );
    // Nothing follows until stockChanged runs.
    expect(
      await db().select().from(restockRequests).where(eq(restockRequests.email, email)),
    ).toHaveLength(1);
    await stockChanged(db(), { skus: [CREAM] });
    expect(
      await db().select().from(restockRequests).where(eq(restockRequests.email, email)),
    ).toEqual([]);
    const back = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'restock.back')));
    expect(back).toHaveLength(1);
    // 2 is at or under the threshold: a low-stock crossing is recorded for the digest.
    expect((await variant(CREAM)).lowStockSince).not.toBeNull();
    expect(model.productVersion(MUG)).not.toBe(versionBefore);
    // Run again: nothing more is sent.
    await stockChanged(db(), { skus: [CREAM] });
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, 'restock.back'))),
    ).toHaveLength(1);
  });

  it('reserve takes units and release puts them back, refusing what is not in stock', async () => {
    const line = { productId: MUG, quantity: 2, stockSkus: [CREAM] };
    const taken = await db().transaction((tx) => reserve(tx as never, [line]));
    expect(stockChangeOf(taken)).toEqual({ productIds: [MUG], skus: [CREAM] });
    expect((await variant(CREAM)).quantity).toBe(0);
    await expect(db().transaction((tx) => reserve(tx as never, [line]))).rejects.toThrow();
    await db().transaction((tx) => release(tx as never, taken));
    expect((await variant(CREAM)).quantity).toBe(2);
    const [product] = await db().select().from(products).where(eq(products.id, MUG));
    expect(product).toBeDefined();
  });

  it('outside the inventory module nothing runs low-stock or back-in-stock by hand', () => {
    const root = join(__dirname, '../../api');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk(root);
    const callers = files
      .filter((file) => /\b(recordLowStock|claimRestocked)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
      .sort();
    expect(callers).toEqual([
      // stockChecks and changeCatalogue: the inventory's own.
      'modules/inventory/changed.ts',
      'modules/inventory/low-stock.ts',
      // The sweep that claims what a crash left, not a stock change.
      'modules/jobs/housekeeping.ts',
      'modules/restock-alerts/service.ts',
    ]);
  });
});
