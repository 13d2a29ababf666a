import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { productCategorizations, products, productVariants } from '../../api/db/schema';
import { catalogueChanged, catalogueOf } from '../../api/modules/catalogue';
import { createPageCache } from '../../server/pages/kept-pages';
import { createPageServices } from '../../server/pages/services';
import { catalogueProducts } from '../../src/lib/catalogue-links';
import { useApi } from '../helpers/api';

/**
 * Blog product links (src/lib/catalogue-links.ts) resolve against the catalogue the shop serves,
 * through what the server hands pages (server/pages/services.ts), not against the seed file.
 */
describe('blog product links', () => {
  const api = useApi({ seed: true });
  const shop = () => {
    const { database } = api.test;
    return createPageServices(
      database,
      loadConfig({ NODE_ENV: 'test' }),
      createPageCache(() => catalogueOf(database.db)),
    );
  };

  it('link a product added to the database, which the seed never had', async () => {
    const db = api.test.database.db;
    const [mug] = await db.select().from(products).where(eq(products.slug, 'cedar-ridge-mug'));
    const id = randomUUID();
    await db.insert(products).values({
      ...mug!,
      id,
      slug: 'harbour-lantern',
      title: 'Harbour Lantern',
      sku: `LANTERN-${id.slice(0, 8)}`,
    });
    await db
      .insert(productCategorizations)
      .values({ productId: id, category: 'Home', subcategory: null });
    await catalogueChanged(db, { productIds: [id] });

    const [link] = await catalogueProducts(shop(), ['harbour-lantern']);
    expect(link).toMatchObject({ id, href: `/productdetailpage/${id}`, title: 'Harbour Lantern' });
  });

  it('leave out a product the shop no longer serves, and one it never had', async () => {
    const db = api.test.database.db;
    expect(await catalogueProducts(shop(), ['alder-cutting-board'])).toHaveLength(1);
    const [board] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'alder-cutting-board'));
    await db.delete(productVariants).where(eq(productVariants.productId, board!.id));
    await db.delete(products).where(eq(products.id, board!.id));
    await catalogueChanged(db, { productIds: [board!.id] });

    const links = await catalogueProducts(shop(), [
      'alder-cutting-board',
      'no-such-gift',
      'cedar-ridge-mug',
    ]);
    expect(links.map((link) => link.title)).toEqual(['Cedar Ridge Stoneware Mug']);
  });
});
