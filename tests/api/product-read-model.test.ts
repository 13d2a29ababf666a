import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../api/db/schema';
import { seedCatalogue } from '../../api/seed';
import { seedProductId } from '../../api/db/seed';
import { products as demo } from '../../api/db/seed/catalogue';
import type { SeedProduct } from '../../api/db/seed/types';
import { catalogueOf } from '../../api/modules/catalogue';
import { changeCatalogue } from '../../api/modules/inventory';
import type { ProductDto, SearchResult, VariantDto } from '../../core/product/model';
import { allProductDtos, productDtosByIds } from '../../api/modules/catalogue/product-dtos';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi } from '../helpers/api';
import { confirm, guestOrder, mugLine, sandboxToken, variantStock } from '../helpers/orders';

const mug = seedProductId('cedar-ridge-mug');

describe('the catalogue read model follows every change at once', () => {
  const api = useApi({
    seed: true,
    dependencies: () => {
      const sandbox = sandboxPayments(api.test.database.db, 'read-model-secret-read-model-secret');
      return { payments: { gateway: sandbox.gateway, sandbox } };
    },
  });
  let visa: string;
  beforeAll(async () => {
    visa = (await sandboxToken(api)).token;
  });

  const detail = async (id: string) =>
    (await (await api.get(`/product/detail/${id}`)).json()) as ProductDto;
  const search = async (query: string) =>
    (await (await api.get(`/product/search?${query}`)).json()) as SearchResult;
  const greenMug = (product: ProductDto) =>
    (product.variants as VariantDto[]).find((variant) => variant.sku === 'EG-MUG-CEDAR-GRN')!;

  it('shows the stock an order took on the product and in search within a second', async () => {
    const { db } = api.test.database;
    const before = greenMug(await detail(mug)).quantity;
    expect(before).toBe(await variantStock(db, 'EG-MUG-CEDAR-GRN'));

    const order = await guestOrder(api, [mugLine(2)], visa);
    const response = await confirm(api, order, 'read-model-order-0001');
    expect(response.status).toBe(201);
    const placedAt = performance.now();

    const inDatabase = await variantStock(db, 'EG-MUG-CEDAR-GRN');
    expect(inDatabase).toBe(before - 2);
    let shown: number | undefined;
    let found: number | undefined;
    while (performance.now() - placedAt < 1_000) {
      shown = greenMug(await detail(mug)).quantity;
      const hit = (await search('q=stoneware%20mug')).products.find((p) => p._id === mug);
      found = hit && greenMug(hit).quantity;
      if (shown === inDatabase && found === inDatabase) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shown).toBe(inDatabase);
    expect(found).toBe(inDatabase);
  });

  it('changes the rating counts in the model through the one change function', async () => {
    const { db } = api.test.database;
    const model = await catalogueOf(db);
    const before = model.product(mug).ratings;
    const versionBefore = model.productVersion(mug);
    await changeCatalogue(db, async (tx) => {
      await tx
        .update(products)
        .set({ thumbsUp: sql`${products.thumbsUp} + 1` })
        .where(eq(products.id, mug));
      return { productIds: [mug] };
    });
    expect(model.product(mug).ratings).toEqual({
      thumbsUp: before.thumbsUp + 1,
      thumbsDown: before.thumbsDown,
    });
    expect(model.productVersion(mug)).not.toBe(versionBefore);
    expect((await detail(mug)).ratings.thumbsUp).toBe(before.thumbsUp + 1);
  });

  it('finds a product added through the seed function at once', async () => {
    const { db } = api.test.database;
    const template = demo.find((product) => product.slug === 'cedar-ridge-mug')!;
    const added: SeedProduct = {
      ...template,
      slug: 'quillwort-teapot',
      sku: 'EG-QUILLWORT-TEAPOT',
      title: 'Quillwort Stoneware Teapot',
      variants: [],
      bundleOptions: [],
      categorizations: [{ category: 'Home', subcategory: 'Kitchen' }],
    };
    await seedCatalogue(db, [added]);
    const found = await search('q=quillwort');
    expect(found.products.map((product) => product.title)).toEqual(['Quillwort Stoneware Teapot']);
    const typo = await search('q=quilwort%20teapot');
    expect(typo.products.map((product) => product.title)).toContain('Quillwort Stoneware Teapot');
    const listing = (await search('category=Home&subcategory=Kitchen')).products;
    expect(listing.map((product) => product._id)).toContain(seedProductId('quillwort-teapot'));
  });

  it('finds the For Her gifts for "for her", stop words and all', async () => {
    const found = (await search('q=for%20her')).products;
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const product of found.slice(0, 3)) {
      expect(product.categorizations.some((entry) => entry.subcategory === 'For Her')).toBe(true);
    }
  });

  it('keeps a stock change out of the listings’ versions and a price change in them', async () => {
    const { db } = api.test.database;
    const model = await catalogueOf(db);
    const listing = model.listingVersion('Home', 'Kitchen');
    const page = model.productVersion(mug);
    await changeCatalogue(db, async (tx) => {
      await tx
        .update(products)
        .set({ quantity: sql`coalesce(${products.quantity}, 0) + 1` })
        .where(eq(products.id, mug));
      return { productIds: [mug] };
    });
    expect(model.productVersion(mug)).not.toBe(page);
    expect(model.listingVersion('Home', 'Kitchen')).toBe(listing);
    await changeCatalogue(db, async (tx) => {
      await tx.update(products).set({ priceCents: 2600 }).where(eq(products.id, mug));
      return { productIds: [mug] };
    });
    expect(model.listingVersion('Home', 'Kitchen')).not.toBe(listing);
    expect((await detail(mug)).price).toBe(26);
  });

  it('re-versions a product page when a related product in its listing changes its price', async () => {
    const { db } = api.test.database;
    const model = await catalogueOf(db);
    const sibling = model.related(mug, 1)[0]!;
    expect(sibling).toBeDefined();
    const page = model.productVersion(sibling._id);
    await changeCatalogue(db, async (tx) => {
      await tx.update(products).set({ priceCents: 2700 }).where(eq(products.id, mug));
      return { productIds: [mug] };
    });
    expect(model.productVersion(sibling._id)).not.toBe(page);
  });

  it('reads the whole catalogue as JSON exactly as it reads products by id', async () => {
    const { db } = api.test.database;
    const ids = (await db.select({ id: products.id }).from(products)).map((row) => row.id);
    const byId = new Map(
      (await productDtosByIds(db, ids)).map((product) => [product._id, product]),
    );
    const whole = await allProductDtos(db);
    expect(whole).toHaveLength(ids.length);
    // Every kind of column: arrays, jsonb size charts, nulls, bundles' option groups.
    expect(whole.some((product) => product.isBundle && product.sizeChart)).toBe(true);
    expect(whole.some((product) => product.price === null)).toBe(true);
    for (const product of whole) expect(product).toStrictEqual(byId.get(product._id));
  });
});
