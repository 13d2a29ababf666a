/**
 * What a cart line is for a product and a sku, shared by the product page (which builds lines) and
 * the server (which checks them). Pure: the browser imports it.
 *
 * A bundle's line carries one option from each option list. Its sku joins the chosen options' skus
 * in list order with BUNDLE_SKU_SEPARATOR (so two different combinations are two lines, and the
 * server can tell which options were chosen), its variantTitle names each choice
 * ("Blanket: Moss, Sweatshirt size: M"), its price is the bundle's price and its stock the smallest
 * of the chosen options' stock and the bundle's own.
 */
import { FALLBACK_PRICE } from '../product/constants';
import type { ProductDto, VariantDto } from '../product/model';

export const BUNDLE_SKU_SEPARATOR = '+';

/** A product and sku resolved to what the cart shows and the rules need. */
export interface ResolvedLine {
  _id: string;
  sku: string;
  title: string;
  variantTitle?: string | undefined;
  /** Unit price in dollars. */
  price: number;
  /** Units available; null when the shop does not know. */
  stock: number | null;
  category: string;
  supplier: string;
  image?: string | undefined;
  alttext: string;
  selectedVariant?: { sku: string; stock: number } | undefined;
}

const minKnown = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.min(...known);
};

/** The line for a bundle with one chosen option from each list (in list order). */
export function bundleLine(product: ProductDto, chosen: VariantDto[]): ResolvedLine {
  const sku = chosen.map((option) => option.sku).join(BUNDLE_SKU_SEPARATOR);
  const stock = minKnown([product.quantity, ...chosen.map((option) => option.quantity)]);
  return {
    _id: product._id,
    sku,
    title: product.title,
    variantTitle: chosen
      .map((option, index) => `${product.optionTitles[index] ?? 'Option'}: ${option.title}`)
      .join(', '),
    price: product.price ?? FALLBACK_PRICE,
    stock,
    category: product.category,
    supplier: product.supplier,
    image: chosen[0]?.image[0] ?? product.image[0],
    alttext: product.alttext,
    selectedVariant: { sku, stock: stock ?? 0 },
  };
}

/** The line for a plain variant (a colour, a size). */
export function variantLine(product: ProductDto, variant: VariantDto): ResolvedLine {
  return {
    _id: product._id,
    sku: variant.sku,
    title: product.title,
    variantTitle: variant.title,
    price: variant.price,
    stock: variant.quantity,
    category: product.category,
    supplier: product.supplier,
    image: variant.image[0] ?? product.image[0],
    alttext: product.alttext,
    selectedVariant: { sku: variant.sku, stock: variant.quantity },
  };
}

/** The line for the product itself (no variants). */
export function productLine(product: ProductDto): ResolvedLine {
  return {
    _id: product._id,
    sku: product.sku,
    title: product.title,
    price: product.price ?? FALLBACK_PRICE,
    stock: product.quantity,
    category: product.category,
    supplier: product.supplier,
    image: product.image[0],
    alttext: product.alttext,
  };
}

/** Which line a sku names for this product, or undefined when it names none (any more). */
export function resolveSku(product: ProductDto, sku: string): ResolvedLine | undefined {
  if (product.isBundle) {
    const lists = product.variants as VariantDto[][];
    const parts = sku.split(BUNDLE_SKU_SEPARATOR);
    if (parts.length !== lists.length) return undefined;
    const chosen = parts.map((part, index) => lists[index]?.find((option) => option.sku === part));
    if (chosen.some((option) => option === undefined)) return undefined;
    return bundleLine(product, chosen as VariantDto[]);
  }
  const variant = (product.variants as VariantDto[]).find((entry) => entry.sku === sku);
  if (variant) return variantLine(product, variant);
  return sku === product.sku ? productLine(product) : undefined;
}
