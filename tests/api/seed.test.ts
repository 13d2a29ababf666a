import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  categoryOrders,
  productCategorizations,
  products,
  productVariants,
} from '../../api/db/schema';
import { seedCatalogue, seedIfEmpty } from '../../api/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { CATEGORY_NAV, SHOP_BY_CATEGORY } from '../../src/lib/navigation';
import { useApi } from '../helpers/api';

describe('the demo catalogue seed', () => {
  const api = useApi();
  const db = () => api.test.database.db;

  async function counts() {
    const [[p], [v], [c], [o]] = await Promise.all([
      db().select({ n: count() }).from(products),
      db().select({ n: count() }).from(productVariants),
      db().select({ n: count() }).from(productCategorizations),
      db().select({ n: count() }).from(categoryOrders),
    ]);
    return { products: p!.n, variants: v!.n, categorizations: c!.n, orders: o!.n };
  }

  it('seeds an empty database once, on first start', async () => {
    expect(await seedIfEmpty(db())).toBe(true);
    expect(await seedIfEmpty(db())).toBe(false);
    expect((await counts()).products).toBe(catalogue.length);
    expect(catalogue.length).toBeGreaterThanOrEqual(48);
  });

  it('is idempotent and brings changed products back to the catalogue', async () => {
    const before = await counts();
    await db().update(products).set({ title: 'Tampered', quantity: 0 });
    await seedCatalogue(db());
    await seedCatalogue(db());
    expect(await counts()).toEqual(before);
    const tampered = await db().select().from(products).where(eq(products.title, 'Tampered'));
    expect(tampered).toEqual([]);
  });

  it.each([...CATEGORY_NAV, ...SHOP_BY_CATEGORY])(
    'has products behind the $label link',
    async (link) => {
      const [row] = await db()
        .select({ n: count() })
        .from(productCategorizations)
        .where(
          and(
            eq(productCategorizations.category, link.category),
            link.subcategory ? eq(productCategorizations.subcategory, link.subcategory) : undefined,
          ),
        );
      expect(row!.n).toBeGreaterThanOrEqual(3);
    },
  );

  it('keeps some categorizations without a subcategory for the Other section', async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(productCategorizations)
      .where(isNull(productCategorizations.subcategory));
    expect(row!.n).toBeGreaterThan(0);
  });

  it('stores bundles as numbered option lists and colour variants with their own images', async () => {
    const bundles = await db().select().from(products).where(eq(products.isBundle, true));
    expect(bundles.length).toBeGreaterThanOrEqual(2);
    for (const bundle of bundles) {
      const options = await db()
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, bundle.id));
      expect(new Set(options.map((option) => option.optionGroup)).size).toBeGreaterThanOrEqual(2);
      expect(Array.isArray(bundle.sizeChart) || bundle.sizeChart === null).toBe(true);
    }
    const colours = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.type, 'color'));
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.every((variant) => variant.images.length > 0)).toBe(true);
  });
});
