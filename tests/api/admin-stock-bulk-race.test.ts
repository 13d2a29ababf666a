import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, productVariants, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { enamelSku, stockOf } from './stock-helpers';

const GREEN = 'EG-MUG-CEDAR-GRN';
const BLUE = 'EG-MUG-CEDAR-BLU';
const MUG = seedProductId('cedar-ridge-mug');

/**
 * Issue 25 point 5: two owners (or two tabs) save the stock page at once, the same rows listed in
 * opposite orders. Each save is one transaction locking its rows in SKU order, so neither
 * deadlocks and the result is one save's figures or the other's, never a mix, with each row's
 * audit trail a chain (the second save's "before" is the first's "after"). Run it on PostgreSQL
 * (DATABASE_URL=postgres://…) to race for real.
 */
describe('two bulk stock saves at once', () => {
  const api = useApi({ seed: true });

  it('ten rounds: both succeed, the stock is one save whole, and the audit trail chains', async () => {
    const admin = await signedInAdmin(api);
    const enamel = await enamelSku(api);
    const skus = [GREEN, BLUE, enamel];
    for (let round = 0; round < 10; round += 1) {
      const a = skus.map((sku, index) => ({ sku, quantity: 100 + round * 10 + index }));
      const b = skus.map((sku, index) => ({ sku, quantity: 500 + round * 10 + index })).reverse();
      const since = new Date(Date.now() - 5);
      const answers = await Promise.all(
        [a, b].map((items) =>
          api.post('/admin/products/stock/bulk', { items }, bearer(admin.token)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

      const stock = await stockOf(api, skus);
      const asSaved = (items: typeof a) =>
        Object.fromEntries(items.map((i) => [i.sku, i.quantity]));
      expect([asSaved(a), asSaved(b)]).toContainEqual(stock);
      // The mug's own stock is still its variants' total.
      const [mug] = await api.test.database.db
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, MUG));
      const [cream] = await api.test.database.db
        .select({ quantity: productVariants.quantity })
        .from(productVariants)
        .where(eq(productVariants.sku, 'EG-MUG-CEDAR-CRM'));
      expect(mug!.quantity).toBe(stock[GREEN]! + stock[BLUE]! + cream!.quantity);

      const audit = (
        await api.test.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'product.stock'))
      ).filter((row) => row.createdAt >= since);
      for (const sku of skus) {
        const trail = audit.filter((row) => (row.after as { sku: string }).sku === sku);
        expect(trail).toHaveLength(2);
        // created_at is each transaction's start, not its commit: the chain itself gives the order.
        const [x, y] = trail as [(typeof trail)[0], (typeof trail)[0]];
        const [first, second] =
          JSON.stringify(y.before) === JSON.stringify(x.after) ? [x, y] : [y, x];
        expect(second.before).toEqual(first.after);
        expect((second.after as { quantity: number }).quantity).toBe(stock[sku]);
      }
    }
  });
});
