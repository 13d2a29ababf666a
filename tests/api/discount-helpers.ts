import { eq } from 'drizzle-orm';
import { discountCodes, discountUses, type DiscountCodeRow } from '../../api/db/schema';
import type { Db } from '../../api/db/client';
import type { ApiHarness } from '../helpers/api';
import { GUEST, guestOrder, sandboxToken, SEATTLE, type Line } from '../helpers/orders';
import { fresh, freshEmail } from './order-close-helpers';

let codes = 0;

/** A discount code inserted as a row (the owner's API is tested on its own): 10 % off everything. */
export async function insertCode(
  db: Db,
  overrides: Partial<typeof discountCodes.$inferInsert> = {},
): Promise<DiscountCodeRow> {
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: `Save${++codes}-${Date.now() % 100_000}`,
      kind: 'percent',
      value: 10,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A code's row as it is now. */
export async function codeRow(db: Db, id: string): Promise<DiscountCodeRow> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row!;
}

/** A code's use rows. */
export const usesOf = (db: Db, codeId: string) =>
  db.select().from(discountUses).where(eq(discountUses.codeId, codeId));

/** The review page's quote for these lines with a code (a guest's email for once-per-customer). */
export function quoteWith(
  api: ApiHarness,
  items: Line[],
  discountCode: string,
  extra: Record<string, unknown> = {},
) {
  return api.post(
    '/orders/quote',
    { items, shippingAddress: SEATTLE, discountCode, ...extra },
    fresh(),
  );
}

/**
 * A guest's order with a code, its figures from the quote with that code, as the review page
 * sends it; `send()` confirms it (so a race is of the confirmation alone).
 */
export async function orderWithCode(
  api: ApiHarness,
  items: Line[],
  discountCode: string,
  email = freshEmail('discount'),
  card = '4242 4242 4242 4242',
) {
  const { token } = await sandboxToken(api, card);
  const base = await guestOrder(api, items, token, SEATTLE, { ...GUEST, email });
  const quote = await quoteWith(api, items, discountCode, { email });
  // A code the quote refuses: the figures without it (the order must refuse it with its reason).
  const figures = quote.status === 200 ? pick(await quote.json()) : {};
  const body = { ...base, ...figures, discountCode };
  return { body, send: () => api.post('/orders/orderconfirmation', body, fresh()) };
}

const pick = ({
  subtotal,
  total,
  salesTax,
}: {
  subtotal: number;
  total: number;
  salesTax: number;
}) => ({
  subtotal,
  total,
  salesTax,
});
