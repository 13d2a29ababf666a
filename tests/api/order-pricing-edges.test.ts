import { describe, expect, it } from 'vitest';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  enamelLine,
  guestOrder,
  productStock,
  sandboxToken,
  SEATTLE,
  variantStock,
} from '../helpers/orders';
import { cardLine, freshEmail } from './order-close-helpers';

/**
 * Issue 42 point 6: an order's figures (api/modules/orders/pricing.ts) for a gift card line:
 * priced from its own amount, never short of stock, and taking none of its option's (nothing
 * ships), beside a line that does take its stock.
 */
describe("a gift card line's figures", () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  it("is quoted at its amount with no stock limit, and an order of it takes none of its option's stock", async () => {
    const card = cardLine(40, freshEmail('friend'));
    const quote = await api.post('/orders/quote', {
      items: [card, enamelLine(2)],
      shippingAddress: SEATTLE,
    });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const figures = (await quote.json()) as {
      subtotal: number;
      items: { sku: string; price: number; available: number | null }[];
    };
    expect(figures.subtotal).toBe(40 + 2 * 19);
    expect(figures.items.map(({ sku, price, available }) => ({ sku, price, available }))).toEqual([
      { sku: 'EG-GIFTCARD-CUSTOM', price: 40, available: null },
      { sku: 'EG-MUG-ENAMEL', price: 19, available: 40 },
    ]);

    const cardsBefore = await variantStock(db(), 'EG-GIFTCARD-CUSTOM');
    const mugsBefore = await productStock(db(), 'campfire-enamel-mug');
    const { token } = await sandboxToken(api);
    const placed = await confirm(api, await guestOrder(api, [card, enamelLine(2)], token));
    expect(placed.status, await placed.clone().text()).toBe(201);
    // The card's option keeps its stock; the mug's line takes its two.
    expect(await variantStock(db(), 'EG-GIFTCARD-CUSTOM')).toBe(cardsBefore);
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(mugsBefore! - 2);
  });
});
