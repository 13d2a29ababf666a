import { hasStockLimit } from './kind';
import type { ProductDto, VariantDto } from './model';

const outOf = (options: VariantDto[]) =>
  options.length > 0 && options.every((option) => option.quantity <= 0);

/**
 * Whether a product cannot be bought at all: none of its own stock, every variant out, or for a
 * bundle one of its option lists with every option out. An item without a stock limit (digital,
 * a gift card) never runs out, and unknown stock (null) is not sold out. Cards show their "Sold
 * out" badge from this, and the product page's JSON-LD its availability.
 */
export function isSoldOut(product: ProductDto): boolean {
  if (!hasStockLimit(product)) return false;
  if (product.quantity !== null && product.quantity <= 0) return true;
  if (product.isBundle) return (product.variants as VariantDto[][]).some(outOf);
  return outOf(product.variants as VariantDto[]);
}

/** The words of the badge a sold-out product's card carries. */
export const SOLD_OUT_LABEL = 'Sold out';
