import { api } from '../../lib/api-client';
import type { CartItem } from '../../stores/cart';

/**
 * The checkout's calls, through the shop's API client (src/lib/api-client.ts), so a signed-in
 * shopper's bearer token goes with them and an expired one is renewed. The outcome is a value
 * with a sentence either way: the page always has something to show.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> | undefined };

export const NETWORK_ERROR = 'There is a problem on our end. Please try again later.';

function withSentence<T>(result: Awaited<ReturnType<typeof api.get<T>>>): ApiResult<T> {
  if (result.ok) return result;
  return {
    ok: false,
    status: result.status,
    error: result.error ?? NETWORK_ERROR,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

export async function postJson<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  return withSentence(await api.post<T>(path, body, { headers }));
}

export async function getJson<T>(path: string): Promise<ApiResult<T>> {
  return withSentence(await api.get<T>(path));
}

/** A cart's lines as the quote and the order take them (the server prices them again). */
export function quoteItems(cart: CartItem[]) {
  return cart.map(
    ({ _id, title, variantTitle, sku, quantity, price, supplier, giftCard, personalization }) => ({
      _id,
      title,
      variantTitle,
      sku,
      quantity,
      price,
      supplier,
      giftCard,
      personalization,
    }),
  );
}
