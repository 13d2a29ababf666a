import { centsToDollars, dollarsToCents } from '../money';
import { FALLBACK_PRICE_CENTS } from './constants';

/**
 * spec §2, §9: the price a product is shown and sold at, in cents: its own, or the fallback price
 * ($40) when the shop set none. Cards, the product page, the cart line, the order and the
 * catalogue's price filter and sort all ask this one function.
 */
export function productPriceCents(product: { price: number | null }): number {
  return product.price === null ? FALLBACK_PRICE_CENTS : dollarsToCents(product.price);
}

/** `productPriceCents` in dollars, as a page shows it. */
export function productPrice(product: { price: number | null }): number {
  return centsToDollars(productPriceCents(product));
}
