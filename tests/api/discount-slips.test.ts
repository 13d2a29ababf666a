import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../api/db/schema';
import type { SlipsAnswer } from '../../core/admin/slips';
import { useApi } from '../helpers/api';
import { enamelLine, mugLine, photoLine } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { placeOrder } from './orders-history-helpers';
import { discountedOrder } from './support/discounted-order';

/**
 * Issue 42: a packing slip that shows prices shows the discount under the subtotal, for the lines
 * in the parcel; a gift slip whose buyer hid prices shows no amount and no code.
 */
describe('packing slips of discounted orders', () => {
  const api = useApi({ seed: true });
  const code = { code: 'SLIP10', percent: 10 };

  it("a priced slip shows the code and the parcel's lines' share; a price-free gift slip neither", async () => {
    const admin = await signedInAdmin(api);
    // 10 % of $48.00 + $15.00 = $6.30: the mugs' share $4.80, the photo download's $1.50.
    const priced = await discountedOrder(api, [mugLine(2), photoLine()], code);
    expect(priced.items.map((item) => item.discountCents)).toEqual([480, 150]);
    const gift = await discountedOrder(api, [enamelLine(1)], code);
    expect(gift.order.discountCents).toBe(190);
    await api.test.database.db
      .update(orders)
      .set({ giftMessage: 'Enjoy!', giftHidePrices: true })
      .where(eq(orders.id, gift.order.id));

    const answer = await api.get(
      `/admin/slips?ids=${priced.order.id},${gift.order.id}`,
      bearer(admin.token),
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { slips } = (await answer.json()) as SlipsAnswer;
    const slipOf = (id: string) => slips.find((slip) => slip.orderId === id)!;
    // The download is not in the parcel: neither its line nor its share is on the slip.
    expect(slipOf(priced.order.id)).toMatchObject({
      showPrices: true,
      subtotalCents: 4800,
      discount: { code: 'SLIP10', amountCents: 480 },
    });
    const giftSlip = slipOf(gift.order.id);
    expect(giftSlip.showPrices).toBe(false);
    expect(giftSlip.discount).toBeUndefined();
    expect(JSON.stringify(giftSlip)).not.toMatch(/Cents|SLIP10/);
  });

  it('a slip of an order without a code has no discount line', async () => {
    const admin = await signedInAdmin(api);
    const plain = await placeOrder(api, [mugLine(1)]);
    const answer = await api.get(`/admin/slips?ids=${plain.id}`, bearer(admin.token));
    const { slips } = (await answer.json()) as SlipsAnswer;
    expect(slips[0]!.subtotalCents).toBe(2400);
    expect(slips[0]!.discount).toBeUndefined();
  });
});
