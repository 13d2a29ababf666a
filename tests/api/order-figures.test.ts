import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { AppError } from '../../api/lib/errors';
import { assertFiguresMatch, priceLines, type PricedOrder } from '../../api/modules/orders/pricing';
import { tableTaxCalculator } from '../../api/modules/tax/calculator';
import type { OrderConfirmation } from '../../core/orders/model';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { enamelLine, mugLine, photoLine, PORTLAND, SEATTLE } from '../helpers/orders';

/**
 * An order's figures as the server computes them (api/modules/orders/pricing.ts): each line at the
 * catalogue's price, the subtotal, the tax of the shipping address and the total, in cents; and
 * the refusal of an order whose figures differ from them.
 */
describe('an order’s figures', () => {
  let test: TestDatabase;
  const tax = tableTaxCalculator();
  beforeAll(async () => {
    test = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await test?.cleanup();
  });
  const price = (items: Parameters<typeof priceLines>[2], address = SEATTLE) =>
    priceLines(test.database.db, tax, items, { shippingAddress: address });
  const refusal = async (run: () => unknown) => {
    let error: unknown;
    try {
      await run();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    return { type: (error as AppError).type, message: (error as AppError).message };
  };

  it('prices each line from the catalogue and adds the Seattle tax', async () => {
    const priced = await price([
      { ...mugLine(2), price: 1 },
      { _id: enamelLine()._id, sku: 'EG-MUG-ENAMEL', quantity: 1 },
    ]);
    expect(priced).toMatchObject({
      subtotalCents: 2 * 2400 + 1900,
      taxRate: 0.1035,
      taxLabel: 'Washington sales tax',
      taxCents: 693, // round(6700 × 0.1035) = round(693.45)
      totalCents: 6700 + 693,
    });
    expect(priced.lines).toEqual([
      {
        productId: seedProductId('cedar-ridge-mug'),
        sku: 'EG-MUG-CEDAR-GRN',
        title: 'Cedar Ridge Stoneware Mug',
        variantTitle: 'Forest Green',
        image: expect.any(String),
        alttext: expect.any(String),
        category: expect.any(String),
        supplier: 'warehouse',
        quantity: 2,
        unitPriceCents: 2400,
        // What the browser said a unit cost, kept to be compared.
        clientUnitPriceCents: 100,
        stockSkus: ['EG-MUG-CEDAR-GRN'],
        available: 14,
        // Each line knows what it is and carries its own share of the tax (issue 35).
        kind: 'goods',
        taxClass: 'standard',
        taxCents: 497,
        // No discount code: no share of one (issue 42).
        discountCents: 0,
        // No texts on this line: a plain mug (issue 40).
        personalization: null,
        personalizationCents: 0,
      },
      expect.objectContaining({
        productId: seedProductId('campfire-enamel-mug'),
        variantTitle: null,
        quantity: 1,
        unitPriceCents: 1900,
        clientUnitPriceCents: undefined,
        stockSkus: [],
        available: 40,
        taxCents: 196,
      }),
    ]);
  });

  it('charges no tax outside Washington', async () => {
    expect(await price([enamelLine(3)], PORTLAND)).toMatchObject({
      subtotalCents: 5700,
      taxRate: 0,
      taxLabel: 'No sales tax',
      taxCents: 0,
      totalCents: 5700,
    });
  });

  it('sells a digital item once an order, and any line once', async () => {
    expect((await price([photoLine()])).lines[0]).toMatchObject({ quantity: 1, available: null });
    const once = { type: 'INVALID_DATA', message: ORDER_MESSAGES.digitalOnce };
    expect(await refusal(() => price([{ ...photoLine(), quantity: 2 }]))).toEqual(once);
    expect(await refusal(() => price([photoLine(), photoLine()]))).toEqual(once);
    expect(await refusal(() => price([enamelLine(1), enamelLine(2)]))).toEqual({
      type: 'INVALID_DATA',
      message: ORDER_MESSAGES.lineTwice,
    });
    // Two colours of one mug are two lines.
    const colours = await price([mugLine(1), { ...mugLine(1), sku: 'EG-MUG-CEDAR-BLU' }]);
    expect(colours.lines.map((line) => line.sku)).toEqual(['EG-MUG-CEDAR-GRN', 'EG-MUG-CEDAR-BLU']);
  });

  it('refuses a product or sku that is not in the catalogue', async () => {
    const unavailable = { type: 'CONFLICT', message: ORDER_MESSAGES.unavailable };
    expect(
      await refusal(() =>
        price([enamelLine(1), { ...enamelLine(1), _id: '00000000-0000-4000-8000-000000000000' }]),
      ),
    ).toEqual(unavailable);
    expect(await refusal(() => price([{ ...mugLine(1), sku: 'EG-MUG-CEDAR-GOLD' }]))).toEqual(
      unavailable,
    );
  });

  describe('compared with what the review page sent', () => {
    let priced: PricedOrder;
    beforeAll(async () => {
      priced = await price([mugLine(2), enamelLine(1)]);
    });
    const sent = (overrides: Partial<OrderConfirmation> = {}) =>
      ({ subtotal: 67, salesTax: 0.1035, total: 73.93, ...overrides }) as OrderConfirmation;

    it('accepts the same figures, a rate with float noise included', () => {
      expect(() => assertFiguresMatch(priced, sent())).not.toThrow();
      expect(() => assertFiguresMatch(priced, sent({ salesTax: 0.10350000001 }))).not.toThrow();
    });

    it.each([
      ['a subtotal a cent off', { subtotal: 66.99 }, ORDER_MESSAGES.subtotalDiffers],
      ['another tax rate', { salesTax: 0.1034 }, ORDER_MESSAGES.taxDiffers],
      ['a total a cent off', { total: 73.94 }, ORDER_MESSAGES.totalDiffers],
    ])('refuses %s, naming it', async (_case, overrides, message) => {
      expect(await refusal(() => assertFiguresMatch(priced, sent(overrides)))).toEqual({
        type: 'CONFLICT',
        message,
      });
    });

    it('refuses a line sent at another price, naming the product and its price', async () => {
      const cheaper = await price([{ ...mugLine(2), price: 23.99 }, enamelLine(1)]);
      expect(await refusal(() => assertFiguresMatch(cheaper, sent()))).toEqual({
        type: 'CONFLICT',
        message: ORDER_MESSAGES.priceChanged('Cedar Ridge Stoneware Mug', '$24.00'),
      });
    });
  });
});
