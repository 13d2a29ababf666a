import type { ProductDto } from '../product/model';
import { productPriceCents } from '../product/price';

/**
 * The shelf that lists by price (spec §2: "Under $30", a subcategory of the Gift Collection).
 * Issue 42 reads it as "the gifts a shopper pays less than $30 for today": every product listed
 * in the Gift Collection whose price charged today (a sale's price while it is on) is below $30,
 * whether or not it was tagged "Under $30" (the demo catalogue tags exactly those, so the shelf
 * lists the same products until a price or a sale moves one across the line).
 */
export const PRICE_SHELF = {
  category: 'Gift Collection',
  subcategory: 'Under $30',
  belowCents: 3000,
} as const;

type Listed = Pick<ProductDto, 'categorizations' | 'price'>;

const isPriceShelf = (entry: { category: string; subcategory: string | null }) =>
  entry.category === PRICE_SHELF.category && entry.subcategory === PRICE_SHELF.subcategory;

/**
 * Where a product is listed today: its categorizations, with the price shelf as its price decides
 * (added or left out).
 */
export function listedPlaces(product: Listed): ProductDto['categorizations'] {
  const own = product.categorizations;
  const inCategory = own.some((entry) => entry.category === PRICE_SHELF.category);
  const tagged = own.some(isPriceShelf);
  const under = inCategory && productPriceCents(product) < PRICE_SHELF.belowCents;
  if (under === tagged) return own;
  return under
    ? [...own, { category: PRICE_SHELF.category, subcategory: PRICE_SHELF.subcategory }]
    : own.filter((entry) => !isPriceShelf(entry));
}
