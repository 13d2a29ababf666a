import { useEffect, useState } from 'react';
import type { QuoteDto } from '../../../core/orders/model';
import type { CartItem } from '../../stores/cart';
import { postJson, quoteItems } from '../shared/api';

/** The addresses the tax follows, as the quote takes them. */
export type TaxAddresses = { shippingAddress: unknown; billingAddress?: unknown };

/**
 * Whether the applied gift card's balance pays the whole order (issue 26: "the card, or nothing
 * when the balance covers all, pays the rest"), as the server's quote for this cart, these
 * addresses and this code says. False while asking, without a code, or when the quote fails: the
 * billing step then asks for a card, as it would anyway.
 */
export function useGiftCardCovers(
  cart: CartItem[],
  addresses: TaxAddresses,
  code: string | undefined,
): boolean {
  const request = code
    ? JSON.stringify({
        items: quoteItems(cart),
        ...addresses,
        giftCardCode: code,
      })
    : null;
  const [covers, setCovers] = useState<{ for: string; covers: boolean } | null>(null);
  useEffect(() => {
    if (request === null) return;
    let live = true;
    void postJson<QuoteDto>('/orders/quote', JSON.parse(request)).then((result) => {
      if (!live) return;
      const applied = result.ok ? (result.data.giftCard?.applied ?? 0) : 0;
      setCovers({ for: request, covers: result.ok && applied > 0 && applied >= result.data.total });
    });
    return () => {
      live = false;
    };
  }, [request]);
  return request !== null && covers?.for === request && covers.covers;
}
