import { asc, eq, sql } from 'drizzle-orm';
import {
  discountCodes,
  discountUses,
  orderItems,
  orders,
  payments,
  type OrderItemRow,
  type OrderRow,
} from '../../../api/db/schema';
import { rateMillionths, taxCents } from '../../../api/modules/tax';
import { lineTaxCents } from '../../../core/tax/line-tax';
import { isTaxable } from '../../../core/product/kind';
import type { ApiHarness } from '../../helpers/api';
import type { Line } from '../../helpers/orders';
import { placeOrder } from '../orders-history-helpers';

/**
 * A paid order with a percent discount code applied (issue 42), for the tests of what the owner and
 * the customer see of it, refunds and reports. The one place such an order is made: until the
 * checkout takes a code, the order is placed through the API and then given its discount in SQL,
 * every figure as the checkout will write it (each line's share by largest remainder, tax on the
 * discounted nets, total = subtotal − discount + tax, the card's payment row, the code's use).
 * Once s42a's quote/confirm take `discountCode`, this becomes one confirm with the code.
 */
export async function discountedOrder(
  api: ApiHarness,
  lines: Line[],
  discount: { code: string; percent: number },
  owner: { userId?: string; email?: string } = {},
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const db = api.test.database.db;
  const codeRow = await codeNamed(api, discount);
  const placed = await placeOrder(api, lines, owner);
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.id))
    .orderBy(asc(orderItems.position));
  const nets = items.map((item) =>
    item.kind === 'gift_card' ? 0 : item.unitPriceCents * item.quantity,
  );
  const eligible = nets.reduce((sum, net) => sum + net, 0);
  // Percent: round half up of the eligible subtotal × percent / 100.
  const discountCents = Math.floor((eligible * discount.percent) / 100 + 0.5);
  const shares = largestRemainder(nets, discountCents);
  const discounted = items.map((item, index) => ({
    netCents: item.unitPriceCents * item.quantity - shares[index]!,
    taxed: isTaxable(item),
  }));
  const taxableCents = discounted.filter((line) => line.taxed).reduce((s, l) => s + l.netCents, 0);
  const orderTax = taxCents(taxableCents, order!.taxRate);
  const lineTaxes = lineTaxCents(discounted, orderTax, rateMillionths(order!.taxRate));
  const totalCents = order!.subtotalCents - discountCents + orderTax;
  await db.transaction(async (tx) => {
    for (const [index, item] of items.entries()) {
      await tx
        .update(orderItems)
        .set({ discountCents: shares[index]!, taxCents: lineTaxes[index]! })
        .where(eq(orderItems.id, item.id));
    }
    await tx
      .update(orders)
      .set({
        discountCode: codeRow.code,
        discountCodeId: codeRow.id,
        discountCents,
        taxCents: orderTax,
        totalCents,
      })
      .where(eq(orders.id, placed.id));
    // The card paid what the gift card did not.
    await tx
      .update(payments)
      .set({ amountCents: totalCents - order!.giftCardCents })
      .where(sql`${payments.orderId} = ${placed.id} and ${payments.method} <> 'gift_card'`);
    await tx.insert(discountUses).values({
      codeId: codeRow.id,
      orderId: placed.id,
      email: order!.email.toLowerCase(),
      userId: owner.userId ?? null,
    });
    await tx
      .update(discountCodes)
      .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
      .where(eq(discountCodes.id, codeRow.id));
  });
  const [after] = await db.select().from(orders).where(eq(orders.id, placed.id));
  const afterItems = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.id))
    .orderBy(asc(orderItems.position));
  return { order: after!, items: afterItems };
}

/** The code of that name, made (active, percent, every line) if the shop has none yet. */
async function codeNamed(api: ApiHarness, discount: { code: string; percent: number }) {
  const db = api.test.database.db;
  const [found] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${discount.code})`);
  if (found) return found;
  const [made] = await db
    .insert(discountCodes)
    .values({ code: discount.code.toUpperCase(), kind: 'percent', value: discount.percent })
    .returning();
  return made!;
}

/** `total` split over `weights` in proportion, to the cent: floors, then the largest remainders. */
export function largestRemainder(weights: number[], total: number): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const base = weights.map((w) => Math.floor((w * total) / sum));
  let left = total - base.reduce((s, c) => s + c, 0);
  const order = weights
    .map((w, index) => ({ index, rest: (w * total) % sum }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    base[index]! += 1;
    left -= 1;
  }
  return base;
}
