import type { ProductDto, VariantDto } from '../../../core/product/model';

/** A product with every stock figure set to zero: two products alike but for stock compare equal. */
export function withoutStock(product: ProductDto): string {
  const variants = product.isBundle
    ? (product.variants as VariantDto[][]).map((group) =>
        group.map((variant) => ({ ...variant, quantity: 0 })),
      )
    : (product.variants as VariantDto[]).map((variant) => ({ ...variant, quantity: 0 }));
  return JSON.stringify({ ...product, quantity: 0, variants });
}

/** Every sku a product is sold under: its variants', or its bundle options'. */
export function skusOf(product: ProductDto): string[] {
  const variants = product.isBundle
    ? (product.variants as VariantDto[][]).flat()
    : (product.variants as VariantDto[]);
  return variants.map((variant) => variant.sku);
}
