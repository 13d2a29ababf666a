import { hasStockLimit } from '../../../core/product/kind';
import type { ProductDto, VariantDto } from '../../../core/product/model';

/** What a shopper may wait for: a variant or bundle option (sku), or the product itself. */
export interface RestockTarget {
  productId: string;
  sku?: string;
  /** The sold-out variant or option's name. */
  option?: string;
}

/**
 * The sold-out items a shopper can wait for on a product page (issue 27): the product itself when
 * it has no stock of its own, else each sold-out variant or bundle option. None for an item
 * without a stock limit (digital, a gift card), which never runs out.
 */
export function restockTargets(product: ProductDto): RestockTarget[] {
  if (!hasStockLimit(product)) return [];
  const productId = product._id;
  if (product.quantity !== null && product.quantity <= 0) return [{ productId }];
  const options = product.isBundle
    ? (product.variants as VariantDto[][]).flat()
    : (product.variants as VariantDto[]);
  return options
    .filter((option) => option.quantity <= 0)
    .map((option) => ({ productId, sku: option.sku, option: option.title }));
}
