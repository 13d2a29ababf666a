import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  products,
  productVariants,
  type ProductRow,
  type ProductVariantRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { centsToDollars, dollarsToCents, formatDollars } from '../../lib/money';
import { rateMillionths, taxCents, type TaxCalculator } from '../tax/calculator';
import type { Address } from '../address/model';
import { ORDER_MESSAGES, type OrderConfirmation, type OrderLineInput } from './model';

/** The spec's fallback price (§2 Product detail, §9) for a product the shop has not priced. */
export const FALLBACK_PRICE_CENTS = 4000;
/** Joins the option skus of a bundle line. */
export const BUNDLE_SKU_SEPARATOR = '+';

/** A line priced from the catalogue, with everything the order keeps and the stock it takes. */
export interface PricedLine {
  productId: string;
  sku: string;
  title: string;
  variantTitle: string | null;
  image: string | null;
  alttext: string;
  category: string;
  supplier: string;
  quantity: number;
  unitPriceCents: number;
  /** The price the browser showed for a unit, in cents, when it sent one. */
  clientUnitPriceCents: number | undefined;
  /** Variant rows whose stock this line takes (a plain variant, or every chosen bundle option). */
  stockSkus: string[];
  /** Units sellable now: the least of the product's and the variants' stock; null = unlimited. */
  available: number | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  taxRate: number;
  taxLabel: string;
  taxCents: number;
  totalCents: number;
}

const isDigital = (product: ProductRow) => product.category.toLowerCase() === 'digital';

function unavailable(): AppError {
  return new AppError('CONFLICT', ORDER_MESSAGES.unavailable);
}

function minStock(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/** Which variants a line's sku names, checked against the product's shape. */
function resolveVariants(
  product: ProductRow,
  variants: ProductVariantRow[],
  sku: string,
): ProductVariantRow[] {
  if (!product.hasVariants) {
    if (sku !== product.sku) throw unavailable();
    return [];
  }
  if (!product.isBundle) {
    const variant = variants.find((row) => row.sku === sku);
    if (!variant) throw unavailable();
    return [variant];
  }
  // A bundle: exactly one option from each option list.
  const chosen = sku.split(BUNDLE_SKU_SEPARATOR).map((part) => {
    const option = variants.find((row) => row.sku === part.trim());
    if (!option) throw unavailable();
    return option;
  });
  const groups = new Set(variants.map((row) => row.optionGroup));
  const chosenGroups = new Set(chosen.map((row) => row.optionGroup));
  if (chosen.length !== groups.size || chosenGroups.size !== groups.size) throw unavailable();
  return chosen.sort((a, b) => (a.optionGroup ?? 0) - (b.optionGroup ?? 0));
}

function priceLine(
  line: OrderLineInput | (Omit<OrderLineInput, 'price'> & { price?: number | undefined }),
  product: ProductRow,
  variants: ProductVariantRow[],
): PricedLine {
  const chosen = resolveVariants(product, variants, line.sku);
  if (isDigital(product) && line.quantity !== 1) {
    throw new AppError('INVALID_DATA', ORDER_MESSAGES.digitalOnce);
  }
  const plainVariant = !product.isBundle ? chosen[0] : undefined;
  const unitPriceCents =
    plainVariant?.priceCents ?? product.priceCents ?? chosen[0]?.priceCents ?? FALLBACK_PRICE_CENTS;
  return {
    productId: product.id,
    sku: product.isBundle
      ? chosen.map((row) => row.sku).join(BUNDLE_SKU_SEPARATOR)
      : (plainVariant?.sku ?? product.sku),
    title: product.title,
    variantTitle: chosen.length > 0 ? chosen.map((row) => row.title).join(' / ') : null,
    image: plainVariant?.images[0] ?? product.images[0] ?? null,
    alttext: product.alttext,
    category: product.category,
    supplier: product.supplier,
    quantity: line.quantity,
    unitPriceCents,
    clientUnitPriceCents: line.price === undefined ? undefined : dollarsToCents(line.price),
    stockSkus: chosen.map((row) => row.sku),
    available: isDigital(product)
      ? null
      : minStock([product.quantity, ...chosen.map((row) => row.quantity)]),
  };
}

/**
 * Prices every line from the catalogue and the tax from the shipping address. Refuses an unknown
 * product or sku, a digital item twice or more than once, and a line sent twice.
 */
export async function priceLines(
  db: Db,
  tax: TaxCalculator,
  items: (Omit<OrderLineInput, 'price'> & { price?: number | undefined })[],
  shippingAddress: Pick<Address, 'state' | 'zipcode'>,
): Promise<PricedOrder> {
  const ids = [...new Set(items.map((item) => item._id))];
  const [productRows, variantRows] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
  ]);
  const productById = new Map(productRows.map((row) => [row.id, row]));

  const seenLines = new Set<string>();
  const seenDigital = new Set<string>();
  const lines = items.map((item) => {
    const product = productById.get(item._id);
    if (!product) throw unavailable();
    if (isDigital(product)) {
      if (seenDigital.has(product.id))
        throw new AppError('INVALID_DATA', ORDER_MESSAGES.digitalOnce);
      seenDigital.add(product.id);
    }
    const key = `${item._id} ${item.sku}`;
    if (seenLines.has(key)) throw new AppError('INVALID_DATA', ORDER_MESSAGES.lineTwice);
    seenLines.add(key);
    const own = variantRows.filter((row) => row.productId === product.id);
    return priceLine(item, product, own);
  });

  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const { rate, jurisdiction } = await tax.rateFor(shippingAddress);
  const tax_ = taxCents(subtotalCents, rate);
  return {
    lines,
    subtotalCents,
    taxRate: rate,
    taxLabel: jurisdiction,
    taxCents: tax_,
    totalCents: subtotalCents + tax_,
  };
}

/** Refuses (409) an order whose figures differ from the server's, naming what differs. */
export function assertFiguresMatch(priced: PricedOrder, order: OrderConfirmation): void {
  for (const line of priced.lines) {
    if (line.clientUnitPriceCents !== line.unitPriceCents) {
      throw new AppError(
        'CONFLICT',
        ORDER_MESSAGES.priceChanged(line.title, formatDollars(centsToDollars(line.unitPriceCents))),
      );
    }
  }
  if (dollarsToCents(order.subtotal) !== priced.subtotalCents) {
    throw new AppError('CONFLICT', ORDER_MESSAGES.subtotalDiffers);
  }
  if (rateMillionths(order.salesTax) !== rateMillionths(priced.taxRate)) {
    throw new AppError('CONFLICT', ORDER_MESSAGES.taxDiffers);
  }
  if (dollarsToCents(order.total) !== priced.totalCents) {
    throw new AppError('CONFLICT', ORDER_MESSAGES.totalDiffers);
  }
}
