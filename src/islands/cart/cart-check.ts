import type { CartValidation } from '../../../core/cart/model';
import { api } from '../../lib/api-client';
import { applyCartCheck, $cart } from '../../stores/cart';
import { $checkout } from '../../stores/checkout';
import type { ArrivalAnswer } from '../shared/ArrivalLine';

/** What the cart check tells the page: the corrections it made, and when the cart arrives. */
export interface CartCheck {
  changes: string[];
  /** The server's arrival for the checked cart (issue 41): to the state checkout last knew. */
  arrival: ArrivalAnswer | null;
}

/** Asks the server whether the cart still holds (prices, stock, products) and applies its answer. */
export async function checkCart(): Promise<CartCheck> {
  const sent = $cart.get();
  if (sent.length === 0) return { changes: [], arrival: null };
  // The shipping state entered at checkout, if any: the window to it, as the product page says.
  const state = $checkout.get().shippingAddress.state;
  const answer = await api.post<CartValidation>('/cart/validate', {
    ...(state ? { state } : {}),
    items: sent.map(
      ({ _id, sku, quantity, price, title, variantTitle, giftCard, personalization }) => ({
        _id,
        sku,
        quantity,
        price,
        title,
        variantTitle,
        giftCard,
        personalization,
      }),
    ),
  });
  if (!answer.ok) throw new Error(`cart check answered ${answer.status}`);
  const result = answer.data;
  applyCartCheck(result.items, sent);
  return {
    changes: result.changes.map((change) => change.message),
    arrival: result.arrival ?? null,
  };
}
