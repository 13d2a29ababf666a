import type { ProductDto, VariantDto } from '../../../core/product/model';

/** What a sold-out choice waits for: the variant or bundle option (sku), or the product itself. */
export interface RestockTarget {
  productId: string;
  sku?: string;
  /** The sold-out variant or option's name, for the form's sentence. */
  option?: string;
}

/**
 * The item a shopper can wait for on the product page (issue 27): the product when it has no
 * stock of its own, else the chosen variant, or the bundle's first chosen option that is out.
 */
export function restockTarget(product: ProductDto, chosen: VariantDto[]): RestockTarget {
  const out = chosen.find((option) => option.quantity <= 0);
  if ((product.quantity !== null && product.quantity <= 0) || !out) {
    return { productId: product._id };
  }
  return { productId: product._id, sku: out.sku, option: out.title };
}
