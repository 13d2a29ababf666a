import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems } from '../../api/db/schema';
import type { SlipsAnswer } from '../../core/admin/slips';
import { useApi, type ApiHarness } from '../helpers/api';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/**
 * Issue 36 row 17: a gift card is emailed, never in the parcel, so a packing slip leaves its line
 * (and its price) off, and an order of gift cards alone has no slip. The checkout's gift-card
 * lines are written here as the checkout writes them (kind 'gift_card').
 */

async function addGiftCardLine(api: ApiHarness, orderId: string, position: number) {
  await api.test.database.db.insert(orderItems).values({
    orderId,
    position,
    sku: 'EG-GIFT-CARD',
    title: 'Evergreen Gift Card',
    variantTitle: '$50.00',
    category: 'Gift cards',
    supplier: 'Evergreen',
    kind: 'gift_card',
    taxClass: 'exempt',
    quantity: 1,
    unitPriceCents: 5000,
  });
}

describe('packing slips leave gift cards off', () => {
  const api = useApi({ seed: true });

  it('lists the goods of a mixed order and nothing of its gift card; a card-only order has no slip', async () => {
    const admin = await signedInAdmin(api);
    const mixed = await paidOrder(api);
    await addGiftCardLine(api, mixed, 99);
    const cardOnly = await paidOrder(api);
    await api.test.database.db
      .update(orderItems)
      .set({ kind: 'gift_card', category: 'Gift cards', title: 'Evergreen Gift Card' })
      .where(eq(orderItems.orderId, cardOnly));

    const answer = await api.get(`/admin/slips?ids=${mixed},${cardOnly}`, bearer(admin.token));
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as SlipsAnswer;
    expect(body.slips.map((slip) => slip.orderId)).toEqual([mixed]);
    const [slip] = body.slips;
    expect(slip!.lines.map((line) => line.sku)).not.toContain('EG-GIFT-CARD');
    expect(slip!.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('Gift Card');
    const goods = slip!.lines.reduce(
      (sum, line) => sum + line.quantity * (line.unitPriceCents ?? 0),
      0,
    );
    expect(slip!.subtotalCents).toBe(goods);
    expect(body.pickList.map((line) => line.sku)).not.toContain('EG-GIFT-CARD');
  });
});
