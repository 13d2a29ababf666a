import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { shopToday } from '../../core/gift-cards/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, enamelLine, guestOrder, sandboxToken } from '../helpers/orders';

/*
 * Issue 35 point 6: an order's lines copy what the product is (kind) and how it is taxed (tax
 * class) when bought, and keep their own share of the tax, in cents, adding up to the order's.
 */
describe("an order's lines know what they are", () => {
  const api: ApiHarness = useApi({ seed: true });

  it('a gift card, a photo and two mugs: kinds and classes copied, the tax on the taxed lines only', async () => {
    const card = {
      _id: seedProductId('evergreen-gift-card'),
      title: 'Evergreen Gift Card',
      sku: 'EG-GIFTCARD-CUSTOM',
      quantity: 1,
      price: 140,
      giftCard: {
        recipientName: 'Grace Hopper',
        recipientEmail: 'grace@example.com',
        deliverOn: shopToday(),
        amount: 140,
      },
    };
    const photo = {
      _id: seedProductId('olympic-sea-stacks-photo'),
      title: 'Olympic Coast Sea Stacks — Photo Download',
      sku: 'EG-DIGITAL-SEASTACKS',
      quantity: 1,
      price: 15,
    };
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [card, photo, enamelLine(2)] as never, token);
    const response = await confirm(api, order);
    expect(response.status, await response.clone().text()).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };

    const db = api.test.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    expect(lines.map(({ kind, taxClass }) => ({ kind, taxClass }))).toEqual([
      { kind: 'gift_card', taxClass: 'exempt' },
      { kind: 'digital', taxClass: 'standard' },
      { kind: 'goods', taxClass: 'standard' },
    ]);
    expect(row!.taxCents).toBeGreaterThan(0);
    expect(lines[0]!.taxCents).toBe(0);
    expect(lines.reduce((sum, line) => sum + line.taxCents, 0)).toBe(row!.taxCents);
    // Each taxed line's share is its own net at the order's rate, within a cent.
    for (const line of lines.slice(1)) {
      const exact = line.unitPriceCents * line.quantity * row!.taxRate;
      expect(Math.abs(line.taxCents - exact)).toBeLessThan(1);
    }
  });
});
