import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { AppError } from '../../api/lib/errors';
import type { PricedLine } from '../../api/modules/orders/pricing';
import {
  releaseStock,
  reservationOf,
  reserveStock,
  stockChangeOf,
} from '../../api/modules/orders/stock';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { productStock, variantStock } from '../helpers/orders';

/**
 * The units an order takes from stock and a cancel puts back (api/modules/orders/stock.ts), read
 * back from the database: a product loses what all its lines take, each variant row what its
 * lines take, an order asking for more than there is takes nothing, and unknown stock is not
 * limited.
 */
describe('order stock', () => {
  let test: TestDatabase;
  const db = () => test.database.db;
  beforeAll(async () => {
    test = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  const MUG = seedProductId('cedar-ridge-mug');
  const ENAMEL = seedProductId('campfire-enamel-mug');
  const YOGA = seedProductId('yoga-starter-bundle');

  /** Known stock before each test: the mug 10 (green 4, blue 3), the enamel mug 5, the bundle 8. */
  beforeEach(async () => {
    const setProduct = (slug: string, quantity: number | null) =>
      db()
        .update(products)
        .set({ quantity })
        .where(eq(products.id, seedProductId(slug)));
    const setVariant = (sku: string, quantity: number) =>
      db().update(productVariants).set({ quantity }).where(eq(productVariants.sku, sku));
    await setProduct('cedar-ridge-mug', 10);
    await setProduct('campfire-enamel-mug', 5);
    await setProduct('yoga-starter-bundle', 8);
    await setVariant('EG-MUG-CEDAR-GRN', 4);
    await setVariant('EG-MUG-CEDAR-BLU', 3);
    await setVariant('EG-BUNDLE-YOGA-MAT-FIR', 6);
    await setVariant('EG-BUNDLE-YOGA-STRAP-MOS', 2);
  });

  const line = (productId: string, quantity: number, stockSkus: string[] = []): PricedLine => ({
    productId,
    sku: stockSkus.join('+') || 'SKU',
    title: 'A line',
    variantTitle: null,
    image: null,
    alttext: '',
    category: 'Home',
    kind: 'goods',
    taxClass: 'standard',
    taxCents: 0,
    supplier: 'warehouse',
    quantity,
    unitPriceCents: 100,
    clientUnitPriceCents: 100,
    stockSkus,
    available: null,
    discountCents: 0,
  });

  const stock = async () => ({
    mug: await productStock(db(), 'cedar-ridge-mug'),
    green: await variantStock(db(), 'EG-MUG-CEDAR-GRN'),
    blue: await variantStock(db(), 'EG-MUG-CEDAR-BLU'),
    enamel: await productStock(db(), 'campfire-enamel-mug'),
    yoga: await productStock(db(), 'yoga-starter-bundle'),
    mat: await variantStock(db(), 'EG-BUNDLE-YOGA-MAT-FIR'),
    strap: await variantStock(db(), 'EG-BUNDLE-YOGA-STRAP-MOS'),
  });
  const unchanged = { mug: 10, green: 4, blue: 3, enamel: 5, yoga: 8, mat: 6, strap: 2 };

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return { type: (error as AppError).type, message: (error as AppError).message };
  };

  it('takes each line’s units from its product and its variant rows', async () => {
    const reservation = await reserveStock(db(), [
      line(MUG, 2, ['EG-MUG-CEDAR-GRN']),
      line(MUG, 1, ['EG-MUG-CEDAR-BLU']),
      line(ENAMEL, 3),
      line(YOGA, 2, ['EG-BUNDLE-YOGA-MAT-FIR', 'EG-BUNDLE-YOGA-STRAP-MOS']),
    ]);
    expect(await stock()).toEqual({
      mug: 7,
      green: 2,
      blue: 2,
      enamel: 2,
      yoga: 6,
      mat: 4,
      strap: 0,
    });
    expect(reservation.products).toEqual(
      expect.arrayContaining([
        { id: MUG, units: 3 },
        { id: ENAMEL, units: 3 },
        { id: YOGA, units: 2 },
      ]),
    );
    expect(reservation.products).toHaveLength(3);
    expect(reservation.variants).toEqual(
      expect.arrayContaining([
        { sku: 'EG-MUG-CEDAR-GRN', units: 2 },
        { sku: 'EG-MUG-CEDAR-BLU', units: 1 },
        { sku: 'EG-BUNDLE-YOGA-MAT-FIR', units: 2 },
        { sku: 'EG-BUNDLE-YOGA-STRAP-MOS', units: 2 },
      ]),
    );
    expect(reservation.variants).toHaveLength(4);

    // A cancel puts every unit back.
    await releaseStock(db(), reservation);
    expect(await stock()).toEqual(unchanged);
  });

  it('sells the last unit of a product and of a variant', async () => {
    await reserveStock(db(), [line(ENAMEL, 5), line(MUG, 4, ['EG-MUG-CEDAR-GRN'])]);
    expect(await stock()).toMatchObject({ enamel: 0, mug: 6, green: 0 });
  });

  it.each([
    ['a product', [line(ENAMEL, 6)]],
    ['a variant', [line(MUG, 5, ['EG-MUG-CEDAR-GRN'])]],
    ['a product, over two lines', [line(MUG, 3, ['EG-MUG-CEDAR-BLU']), line(MUG, 8)]],
    [
      'a variant, over two lines',
      [line(MUG, 2, ['EG-MUG-CEDAR-GRN']), line(YOGA, 3), line(MUG, 3, ['EG-MUG-CEDAR-GRN'])],
    ],
    ['a bundle option', [line(ENAMEL, 1), line(YOGA, 3, ['EG-BUNDLE-YOGA-STRAP-MOS'])]],
  ])('refuses the whole order when %s has too few units, taking nothing', async (_case, lines) => {
    expect(await refusal(reserveStock(db(), lines))).toEqual({
      type: 'CONFLICT',
      message: ORDER_MESSAGES.outOfStock,
    });
    expect(await stock()).toEqual(unchanged);
  });

  it('refuses a line whose product or variant is gone, taking nothing', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const unavailable = { type: 'CONFLICT', message: ORDER_MESSAGES.unavailable };
    expect(await refusal(reserveStock(db(), [line(ENAMEL, 1), line(gone, 1)]))).toEqual(
      unavailable,
    );
    expect(
      await refusal(reserveStock(db(), [line(ENAMEL, 1), line(MUG, 1, ['EG-MUG-CEDAR-GONE'])])),
    ).toEqual(unavailable);
    expect(await stock()).toEqual(unchanged);
  });

  it('does not limit a product whose stock is unknown, and keeps it unknown', async () => {
    await db().update(products).set({ quantity: null }).where(eq(products.id, MUG));
    const reservation = await reserveStock(db(), [
      line(MUG, 2, ['EG-MUG-CEDAR-GRN']),
      line(MUG, 50),
    ]);
    expect(await stock()).toMatchObject({ mug: null, green: 2 });
    // Only what was taken is put back: the product's stock stays unknown.
    expect(reservation).toEqual({
      products: [],
      variants: [{ sku: 'EG-MUG-CEDAR-GRN', units: 2 }],
    });
    await releaseStock(db(), reservation);
    expect(await stock()).toMatchObject({ mug: null, green: 4 });
  });

  it('puts back what a stored order took: per product, per variant row', async () => {
    const taken = reservationOf([
      { productId: MUG, quantity: 2, stockSkus: ['EG-MUG-CEDAR-GRN'] },
      { productId: MUG, quantity: 1, stockSkus: ['EG-MUG-CEDAR-BLU'] },
      {
        productId: YOGA,
        quantity: 1,
        stockSkus: ['EG-BUNDLE-YOGA-MAT-FIR', 'EG-BUNDLE-YOGA-STRAP-MOS'],
      },
      // A line whose product was deleted since: its variant rows still get their units back.
      { productId: null, quantity: 4, stockSkus: ['EG-MUG-CEDAR-GRN'] },
    ]);
    expect(taken).toEqual({
      products: [
        { id: MUG, units: 3 },
        { id: YOGA, units: 1 },
      ],
      variants: [
        { sku: 'EG-MUG-CEDAR-GRN', units: 6 },
        { sku: 'EG-MUG-CEDAR-BLU', units: 1 },
        { sku: 'EG-BUNDLE-YOGA-MAT-FIR', units: 1 },
        { sku: 'EG-BUNDLE-YOGA-STRAP-MOS', units: 1 },
      ],
    });
    expect(stockChangeOf(taken)).toEqual({
      productIds: [MUG, YOGA],
      skus: [
        'EG-MUG-CEDAR-GRN',
        'EG-MUG-CEDAR-BLU',
        'EG-BUNDLE-YOGA-MAT-FIR',
        'EG-BUNDLE-YOGA-STRAP-MOS',
      ],
    });
    await releaseStock(db(), taken);
    expect(await stock()).toEqual({
      ...unchanged,
      mug: 13,
      green: 10,
      blue: 4,
      yoga: 9,
      mat: 7,
      strap: 3,
    });
  });

  it('puts back variant rows alone, and nothing for an order that took nothing', async () => {
    await releaseStock(db(), { products: [], variants: [{ sku: 'EG-MUG-CEDAR-BLU', units: 2 }] });
    expect(await stock()).toEqual({ ...unchanged, blue: 5 });
    await releaseStock(db(), { products: [{ id: ENAMEL, units: 1 }], variants: [] });
    expect(await stock()).toEqual({ ...unchanged, blue: 5, enamel: 6 });
    await releaseStock(db(), reservationOf([]));
    expect(await stock()).toEqual({ ...unchanged, blue: 5, enamel: 6 });
  });
});
