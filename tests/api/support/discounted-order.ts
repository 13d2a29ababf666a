import { asc, eq, sql } from 'drizzle-orm';
import {
  discountCodes,
  discountUses,
  orderItems,
  orders,
  type OrderItemRow,
  type OrderRow,
} from '../../../api/db/schema';
import type { ApiHarness } from '../../helpers/api';
import { confirm, GUEST, guestOrder, sandboxToken, type Line } from '../../helpers/orders';

let placed = 0;

/**
 * A paid order with a percent discount code applied (issue 42), for the tests of what the owner and
 * the customer see of it, refunds and reports. Placed as the review page places it: the quote with
 * the code (and the guest's email, for once-per-customer) gives the figures, the confirmation sends
 * them with the code, and the server writes every figure (each line's share, tax on the discounted
 * nets, the payment, the code's use). A `userId` then gives the order (and its use) to that
 * account, as placeOrder does while signed-in checkout is tested elsewhere.
 */
export async function discountedOrder(
  api: ApiHarness,
  lines: Line[],
  discount: { code: string; percent: number },
  owner: { userId?: string; email?: string } = {},
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const db = api.test.database.db;
  const codeRow = await codeNamed(api, discount);
  placed += 1;
  const email = owner.email ?? `discounted.${placed}.${Date.now().toString(36)}@example.com`;
  const { token } = await sandboxToken(api);
  const base = await guestOrder(api, lines, token, undefined, { ...GUEST, email });
  const quote = await api.post('/orders/quote', {
    items: lines,
    shippingAddress: base.shippingAddress,
    discountCode: codeRow.code,
    email,
  });
  if (quote.status !== 200) throw new Error(`quote ${quote.status} ${await quote.text()}`);
  const { subtotal, salesTax, total } = (await quote.json()) as Record<string, number>;
  const response = await confirm(api, {
    ...base,
    subtotal,
    salesTax,
    total,
    discountCode: codeRow.code,
  });
  if (response.status !== 201)
    throw new Error(`confirm ${response.status} ${await response.text()}`);
  const { orderId } = (await response.json()) as { orderId: string };
  if (owner.userId) {
    await db
      .update(orders)
      .set({ userId: owner.userId, isGuest: false })
      .where(eq(orders.id, orderId));
    await db
      .update(discountUses)
      .set({ userId: owner.userId })
      .where(eq(discountUses.orderId, orderId));
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { order: order!, items };
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
