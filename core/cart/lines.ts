/**
 * The one pricing rule: what a cart line is for a product and a sku, with its price, title, image
 * and stock. The product page (which builds lines), the cart check and the order (which re-price
 * them) all use it. Pure: the browser imports it.
 *
 * A bundle's line carries one option from each option list. Its sku joins the chosen options' skus
 * in list order with BUNDLE_SKU_SEPARATOR, whatever order they were sent in (`MAT+STRAP` and
 * `STRAP+MAT` are one line), its variantTitle names each choice ("Blanket: Moss, Sweatshirt
 * size: M"), its price is the bundle's price (or the fallback price) and its stock the smallest of
 * the chosen options' stock and the bundle's own. A plain variant's stock is the smaller of its own
 * and the product's (an order takes units from both). An item without a stock limit (a digital
 * file, a gift card: `hasStockLimit`) has none: its stock is null, never 0.
 */
import { centsToDollars, dollarsToCents } from '../money';
import type { ProductDto, VariantDto } from '../product/model';
import { productPriceCents } from '../product/price';
import { hasStockLimit, type ProductKind, type TaxClass } from '../product/kind';
import {
  checkPersonalization,
  PERSONALIZATION_MESSAGES,
  valuesOf,
  type PersonalizationInput,
  type PersonalizedText,
} from '../product/personalization';

export const BUNDLE_SKU_SEPARATOR = '+';

/** A product and sku resolved to what the cart shows, the rules need and the order keeps. */
export interface ResolvedLine {
  _id: string;
  sku: string;
  title: string;
  variantTitle?: string | undefined;
  /** Unit price in dollars (the API's unit). */
  price: number;
  /** Unit price in integer cents (what the order charges). */
  priceCents: number;
  /**
   * During a sale (issue 42): the regular unit price in dollars, which the cart shows struck
   * through; absent otherwise. Shown only: the order charges `priceCents`.
   */
  compareAtPrice?: number | undefined;
  /** Units available; null when the shop does not know or does not limit them (`hasStockLimit`). */
  stock: number | null;
  category: string;
  /** What the item is: whether its stock is limited, whether it ships, is sold once, is taxed. */
  kind: ProductKind;
  taxClass: TaxClass;
  supplier: string;
  image?: string | undefined;
  alttext: string;
  selectedVariant?: { sku: string; stock?: number } | undefined;
  /** Variant rows whose stock the line takes: a plain variant, or every chosen bundle option. */
  stockSkus: string[];
  /** A personalized line's texts with their labels (issue 40); absent for any other line. */
  personalization?: PersonalizedText[] | undefined;
  /** What the texts add to one unit, in cents: `price` and `priceCents` include it. */
  personalizationCents?: number | undefined;
}

const minKnown = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.min(...known);
};

/** The stock a line may sell: none for an item without a stock limit, else the least known. */
const lineStock = (product: ProductDto, values: (number | null)[]): number | null =>
  hasStockLimit(product) ? minKnown(values) : null;

/** The chosen variant as the cart keeps it: its stock only when it has one. */
const chosenVariant = (sku: string, stock: number | null) =>
  stock === null ? { sku } : { sku, stock };

function priced(cents: number, compareAt?: number | null) {
  return {
    price: centsToDollars(cents),
    priceCents: cents,
    ...(compareAt == null ? {} : { compareAtPrice: compareAt }),
  };
}

/** What every line of a product says about the product itself. */
const described = (product: ProductDto) => ({
  _id: product._id,
  title: product.title,
  category: product.category,
  kind: product.kind,
  taxClass: product.taxClass,
  supplier: product.supplier,
  alttext: product.alttext,
});

/** The line for a bundle with one chosen option from each list (in list order). */
export function bundleLine(product: ProductDto, chosen: VariantDto[]): ResolvedLine {
  const sku = chosen.map((option) => option.sku).join(BUNDLE_SKU_SEPARATOR);
  const stock = lineStock(product, [product.quantity, ...chosen.map((option) => option.quantity)]);
  return {
    ...described(product),
    sku,
    variantTitle: chosen
      .map((option, index) => `${product.optionTitles[index] ?? 'Option'}: ${option.title}`)
      .join(', '),
    ...priced(productPriceCents(product), product.compareAtPrice),
    stock,
    // The bundle's own picture (issue 13 point 9); an option's only when the bundle has none.
    image: product.image[0] ?? chosen[0]?.image[0],
    selectedVariant: chosenVariant(sku, stock),
    stockSkus: chosen.map((option) => option.sku),
  };
}

/** The line for a plain variant (a colour, a size). */
export function variantLine(product: ProductDto, variant: VariantDto): ResolvedLine {
  const stock = lineStock(product, [product.quantity, variant.quantity]);
  return {
    ...described(product),
    sku: variant.sku,
    variantTitle: variant.title,
    ...priced(dollarsToCents(variant.price), variant.compareAtPrice),
    stock,
    image: variant.image[0] ?? product.image[0],
    selectedVariant: chosenVariant(variant.sku, stock),
    stockSkus: [variant.sku],
  };
}

/** The line for the product itself (no variants). */
export function productLine(product: ProductDto): ResolvedLine {
  return {
    ...described(product),
    sku: product.sku,
    ...priced(productPriceCents(product), product.compareAtPrice),
    stock: lineStock(product, [product.quantity]),
    image: product.image[0],
    stockSkus: [],
  };
}

/**
 * A bundle sku's options in list order, whatever order they came in; undefined unless it names
 * exactly one option of each list.
 */
export function bundleOptions(product: ProductDto, sku: string): VariantDto[] | undefined {
  const lists = product.variants as VariantDto[][];
  const parts = sku.split(BUNDLE_SKU_SEPARATOR).map((part) => part.trim());
  if (parts.length !== lists.length) return undefined;
  const chosen: (VariantDto | undefined)[] = lists.map(() => undefined);
  for (const part of parts) {
    const index = lists.findIndex((list) => list.some((option) => option.sku === part));
    if (index < 0 || chosen[index]) return undefined;
    chosen[index] = lists[index]!.find((option) => option.sku === part);
  }
  return chosen as VariantDto[];
}

/** Which line a sku names for this product, or undefined when it names none (any more). */
export function resolveSku(product: ProductDto, sku: string): ResolvedLine | undefined {
  if (product.isBundle) {
    const chosen = bundleOptions(product, sku);
    return chosen ? bundleLine(product, chosen) : undefined;
  }
  const variant = (product.variants as VariantDto[]).find((entry) => entry.sku === sku);
  if (variant) return variantLine(product, variant);
  // A product with variants is sold only as one of them.
  return sku === product.sku && !product.hasVariants ? productLine(product) : undefined;
}

/** A line whose personalization the product refuses: the field and its sentence. */
export interface PersonalizationRefusal {
  refused: true;
  /** The field's key ('' when the product takes no personalization at all). */
  key: string;
  message: string;
}

/**
 * A resolved line with the shopper's texts checked against the product's own fields (issue 40):
 * the texts as the product labels them, and the add-on in the unit price, computed here from the
 * product's settings whatever price the browser sent. A product without personalization takes no
 * text; a personalizable one takes its required fields.
 */
export function personalize(
  product: Pick<ProductDto, 'personalization'>,
  line: ResolvedLine,
  sent: PersonalizationInput | undefined,
): ResolvedLine | PersonalizationRefusal {
  const settings = product.personalization;
  const filled = (sent ?? []).filter((text) => text.value.trim() !== '');
  if (!settings) {
    return filled.length === 0
      ? line
      : { refused: true, key: '', message: PERSONALIZATION_MESSAGES.unknownField };
  }
  const check = checkPersonalization(settings, valuesOf(sent));
  if (!check.ok) return { refused: true, key: check.key, message: check.message };
  const cents = line.priceCents + check.addOnCents;
  return {
    ...line,
    ...priced(
      cents,
      line.compareAtPrice === undefined
        ? undefined
        : centsToDollars(dollarsToCents(line.compareAtPrice) + check.addOnCents),
    ),
    ...(check.texts.length > 0 ? { personalization: check.texts } : {}),
    personalizationCents: check.addOnCents,
  };
}

export const isRefusal = (
  line: ResolvedLine | PersonalizationRefusal | undefined,
): line is PersonalizationRefusal => line !== undefined && 'refused' in line;
