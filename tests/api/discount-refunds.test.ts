import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import {
  orderItems,
  orderRefunds,
  orders,
  paymentRefunds,
  payments,
  products,
  returnRequestItems,
  returnRequests,
} from '../../api/db/schema';
import { lineTaxShare } from '../../core/admin/line-refund';
import { useApi } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { discountedOrder } from './support/discounted-order';

/**
 * Issue 42: refunding a line of a discounted order gives back what was paid for it: its price less
 * its share of the discount, plus its tax (on that net). Parts of a line add up to the line.
 */
describe('refunds of a discounted order', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  // $19.99 enamel mugs and a $24.00 mug, 33 % off: $27.71 off, the enamel line's share $19.79,
  // which 3 units do not split evenly ($6.59, $6.60, $6.60 kept back in turn).
  const lines = [{ ...enamelLine(3), price: 19.99 }, mugLine(1)];
  const third = { code: 'THIRD33', percent: 33 };

  const refund = (token: string, orderId: string, orderItemId: string, quantity: number) =>
    api.post(
      `/admin/orders/${orderId}/refund-lines`,
      {
        idempotencyKey: randomUUID(),
        lines: [{ orderItemId, quantity }],
        reason: 'Chipped enamel: the customer sent a photo.',
      },
      bearer(token),
    );
  /** What went back to the payment card, by refund, oldest first. */
  async function refundsOf(orderId: string) {
    const rows = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt));
    const parts = rows.length
      ? await db()
          .select()
          .from(paymentRefunds)
          .where(
            inArray(
              paymentRefunds.refundId,
              rows.map((row) => row.id),
            ),
          )
      : [];
    return rows.map((row) => ({
      amountCents: row.amountCents,
      taxCents: row.taxCents,
      status: row.status,
      paid: parts
        .filter((part) => part.refundId === row.id)
        .reduce((sum, part) => sum + part.amountCents, 0),
    }));
  }

  async function placed() {
    await db()
      .update(products)
      .set({ priceCents: 1999 })
      .where(eq(products.id, seedProductId('campfire-enamel-mug')));
    const made = await discountedOrder(api, lines, third);
    const enamel = made.items[0]!;
    const mug = made.items[1]!;
    // The set-up itself: 33 % of $83.97 = $27.71, split by largest remainder.
    expect(made.order.discountCents).toBe(2771);
    expect([enamel.discountCents, mug.discountCents]).toEqual([1979, 792]);
    return { ...made, enamel, mug };
  }

  it('one unit gives back its price less its share of the discount, plus its tax share; all units in parts give back exactly the line', async () => {
    const admin = await signedInAdmin(api);
    const { order, enamel } = await placed();
    const taxOf = (before: number, units: number) =>
      lineTaxShare({ ...enamel, refundedQuantity: before }, units);

    const first = await refund(admin.token, order.id, enamel.id, 1);
    expect(first.status, await first.clone().text()).toBe(200);
    // $19.99 less floor($19.79 / 3) = $6.59 → $13.40, plus its third of the line's tax.
    const one = 1999 - 659 + taxOf(0, 1);
    expect(await refundsOf(order.id)).toEqual([
      { amountCents: one, taxCents: taxOf(0, 1), status: 'succeeded', paid: one },
    ]);

    const rest = await refund(admin.token, order.id, enamel.id, 2);
    expect(rest.status, await rest.clone().text()).toBe(200);
    const two = 2 * 1999 - (1979 - 659) + taxOf(1, 2);
    const refunds = await refundsOf(order.id);
    expect(refunds[1]).toEqual({
      amountCents: two,
      taxCents: taxOf(1, 2),
      status: 'succeeded',
      paid: two,
    });
    // The whole line back: its discounted net and its tax, to the cent.
    expect(one + two).toBe(3 * 1999 - 1979 + enamel.taxCents);
    expect(refunds.reduce((sum, row) => sum + row.taxCents, 0)).toBe(enamel.taxCents);
  });

  it('refunding the last line too gives back exactly what the card paid, and closes the order', async () => {
    const admin = await signedInAdmin(api);
    const { order, enamel, mug } = await placed();
    expect((await refund(admin.token, order.id, enamel.id, 3)).status).toBe(200);
    expect((await refund(admin.token, order.id, mug.id, 1)).status).toBe(200);
    const refunds = await refundsOf(order.id);
    expect(refunds[0]!.amountCents).toBe(3 * 1999 - 1979 + enamel.taxCents);
    expect(refunds[1]!.amountCents).toBe(2400 - 792 + mug.taxCents);
    const [card] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(card!.amountCents).toBe(order.totalCents);
    expect(refunds.reduce((sum, row) => sum + row.paid, 0)).toBe(order.totalCents);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.shippingStatus).toBe('canceled');
  });

  it("the owner's cancel of a discounted order gives back its total, by payment rows", async () => {
    const admin = await signedInAdmin(api);
    const { order } = await placed();
    const canceled = await api.post(
      `/admin/orders/${order.id}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    const refunds = await refundsOf(order.id);
    expect(refunds.reduce((sum, row) => sum + row.paid, 0)).toBe(order.totalCents);
    expect(refunds.reduce((sum, row) => sum + row.taxCents, 0)).toBe(order.taxCents);
    const recorded = await db()
      .select({ lines: orderRefunds.lines })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const lineSum = recorded
      .flatMap((row) => row.lines)
      .reduce((sum, line) => sum + line.amountCents, 0);
    expect(lineSum).toBe(order.totalCents);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.reduce((sum, item) => sum + item.discountCents, 0)).toBe(2771);
  });

  it("a return's refund of a discounted line gives back the same share as the owner's refund of lines", async () => {
    const admin = await signedInAdmin(api);
    const { order, enamel } = await placed();
    await db()
      .update(orders)
      .set({ shippingStatus: 'delivered', shippedAt: new Date(), deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    // A return the customer filed and the shop received (that flow has its own tests).
    const [request] = await db()
      .insert(returnRequests)
      .values({ orderId: order.id, message: 'Chipped enamel.', status: 'received' })
      .returning();
    await db()
      .insert(returnRequestItems)
      .values({ returnRequestId: request!.id, orderItemId: enamel.id, quantity: 1 });
    const response = await api.post(
      `/admin/returns/${request!.id}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: enamel.id, quantity: 1 }] },
      bearer(admin.token),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const tax = lineTaxShare({ ...enamel, refundedQuantity: 0 }, 1);
    expect(await refundsOf(order.id)).toEqual([
      { amountCents: 1999 - 659 + tax, taxCents: tax, status: 'succeeded', paid: 1999 - 659 + tax },
    ]);
  });
});
