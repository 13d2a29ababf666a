import { eq } from 'drizzle-orm';
import { isGiftCardKind } from '../../core/product/kind';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../../api/db/schema';
import { BUNDLE_SKU_SEPARATOR } from '../../core/cart/lines';
import { subtotal } from '../../core/cart/rules';
import { validateCart } from '../../api/modules/cart/service';
import { priceLines } from '../../api/modules/orders/pricing';
import { tableTaxCalculator } from '../../api/modules/tax/calculator';
import { useApi } from '../helpers/api';
import { SEATTLE } from '../helpers/orders';

/**
 * The cart check and the order price a line with one rule: for any product of the catalogue, any
 * prices the shop sets (none, on the product, on each variant), any stock, any valid sku (a
 * bundle's options in any order) and any quantity, the cart's figures equal the order's.
 */
describe('one pricing rule for the cart and the order', () => {
  const api = useApi({ seed: true });

  it('gives the same unit price, stock and subtotal (property)', async () => {
    const { db } = api.test.database;
    // Gift cards are priced from their details (tests/api/gift-cards.test.ts), not this rule alone.
    const catalogue = (await db.select().from(products)).filter((row) => !isGiftCardKind(row));
    const variants = await db.select().from(productVariants);
    const tax = tableTaxCalculator();

    const scenario = fc.record({
      productIndex: fc.nat({ max: catalogue.length - 1 }),
      productPrice: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
      productStock: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      variantPrices: fc.array(fc.integer({ min: 0, max: 50_000 }), {
        minLength: 12,
        maxLength: 12,
      }),
      variantStocks: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 12, maxLength: 12 }),
      pick: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      shuffle: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 6 }),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const product = catalogue[s.productIndex]!;
        const own = variants.filter((row) => row.productId === product.id);
        await db
          .update(products)
          .set({ priceCents: s.productPrice, quantity: s.productStock })
          .where(eq(products.id, product.id));
        for (const [index, row] of own.entries()) {
          await db
            .update(productVariants)
            .set({
              priceCents: s.variantPrices[index % 12]!,
              quantity: s.variantStocks[index % 12]!,
            })
            .where(eq(productVariants.id, row.id));
        }
        let sku = product.sku;
        if (product.isBundle) {
          const groups = [...new Set(own.map((row) => row.optionGroup ?? 0))].sort();
          const chosen = groups.map((group, index) => {
            const options = own.filter((row) => (row.optionGroup ?? 0) === group);
            return options[s.pick[index]! % options.length]!.sku;
          });
          sku = (s.shuffle ? chosen.reverse() : chosen).join(BUNDLE_SKU_SEPARATOR);
        } else if (own.length > 0) {
          sku = own[s.pick[0]! % own.length]!.sku;
        }
        const digital = product.category.toLowerCase() === 'digital';
        const quantity = digital ? 1 : s.quantity;

        const cart = await validateCart(db, [{ _id: product.id, sku, quantity, price: 0 }]);
        const priced = await priceLines(db, tax, [{ _id: product.id, sku, quantity }], {
          shippingAddress: SEATTLE,
        });
        const line = priced.lines[0]!;
        if (cart.items.length === 0) {
          // Sold out for the cart: the order has none to sell either.
          expect(line.available).toBe(0);
          return;
        }
        const checked = cart.items[0]!;
        expect(checked.sku).toBe(line.sku);
        expect(Math.round(checked.price * 100)).toBe(line.unitPriceCents);
        expect(checked.stock).toBe(line.available);
        expect(checked.variantTitle ?? null).toBe(line.variantTitle);
        const atCartQuantity = await priceLines(
          db,
          tax,
          [{ _id: product.id, sku, quantity: checked.quantity }],
          { shippingAddress: SEATTLE },
        );
        expect(Math.round(subtotal(cart.items) * 100)).toBe(atCartQuantity.subtotalCents);
      }),
      { numRuns: 60 },
    );
  });
});
