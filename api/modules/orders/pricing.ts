import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../core/money';
import { rateMillionths, taxCents, type TaxCalculator } from '../tax';
import type { Address } from '../../../core/address/model';
import { isRefusal, type ResolvedLine } from '../../../core/cart/lines';
import { personalizationKey, type PersonalizedText } from '../../../core/product/personalization';
import { isDigital, shipsNothing } from '../../../core/cart/rules';
import { resolveLines } from '../cart';
import {
  ORDER_MESSAGES,
  type OrderConfirmation,
  type OrderLineInput,
} from '../../../core/orders/model';
import { giftCardLine, type GiftCardDetails } from '../gift-cards';
import {
  isGiftCardKind,
  isTaxable,
  type ProductKind,
  type TaxClass,
} from '../../../core/product/kind';
import { lineTaxCents } from '../../../core/tax/line-tax';
import { discountFor, type DiscountCustomer } from '../discounts';

/** A line priced from the catalogue, with everything the order keeps and the stock it takes. */
export interface PricedLine {
  productId: string;
  sku: string;
  title: string;
  variantTitle: string | null;
  image: string | null;
  alttext: string;
  category: string;
  /** What the line is and how it is taxed (the product's, copied: issue 35). */
  kind: ProductKind;
  taxClass: TaxClass;
  /** This line's share of the order's tax, in cents (the lines add up to the order's). */
  taxCents: number;
  /** This line's share of the order's discount code, in cents (issue 42); taxed after it. */
  discountCents: number;
  supplier: string;
  quantity: number;
  unitPriceCents: number;
  /** The price the browser showed for a unit, in cents, when it sent one. */
  clientUnitPriceCents: number | undefined;
  /** Variant rows whose stock this line takes (a plain variant, or every chosen bundle option). */
  stockSkus: string[];
  /** Units sellable now: the least of the product's and the variants' stock; null = unlimited. */
  available: number | null;
  /** A gift card line's details (issue 26); null for any other line. */
  giftCard?: GiftCardDetails | null;
  /** A personalized line's texts (issue 40) and what they add to a unit (in unitPriceCents). */
  personalization?: PersonalizedText[] | null;
  personalizationCents?: number;
}

/** The discount code an order uses (issue 42): the code as the owner wrote it, what it takes off. */
export interface PricedDiscount {
  codeId: string;
  code: string;
  oncePerCustomer: boolean;
  cents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  /** null: no code; the total is subtotal − discount + tax. */
  discount: PricedDiscount | null;
  taxRate: number;
  taxLabel: string;
  taxCents: number;
  totalCents: number;
  /** Washington's location code and rate period the tax was charged for (issue 28), else null. */
  taxLocation?: { code: string; periodStart: string; periodEnd: string } | null;
}

function unavailable(): AppError {
  return new AppError('CONFLICT', ORDER_MESSAGES.unavailable);
}

/** An order line from the one pricing rule (cart/lines.ts), as the order keeps it. */
function toPricedLine(
  line: ResolvedLine,
  item: Omit<OrderLineInput, 'price'> & { price?: number | undefined },
): Omit<PricedLine, 'taxCents' | 'discountCents'> {
  if (isDigital(line) && item.quantity !== 1) {
    throw new AppError('INVALID_DATA', ORDER_MESSAGES.digitalOnce);
  }
  // A gift card: its amount from its details (the custom amount checked here), no stock taken.
  const giftCard = isGiftCardKind(line) ? giftCardLine(line, item.giftCard) : undefined;
  return {
    productId: line._id,
    sku: line.sku,
    title: line.title,
    variantTitle: line.variantTitle ?? null,
    image: line.image ?? null,
    alttext: line.alttext,
    category: line.category,
    kind: line.kind,
    taxClass: line.taxClass,
    supplier: line.supplier,
    quantity: item.quantity,
    unitPriceCents: giftCard?.unitPriceCents ?? line.priceCents,
    clientUnitPriceCents: item.price === undefined ? undefined : dollarsToCents(item.price),
    stockSkus: giftCard ? [] : line.stockSkus,
    personalization: line.personalization ?? null,
    personalizationCents: line.personalizationCents ?? 0,
    available: giftCard ? null : line.stock,
    ...(giftCard ? { giftCard: giftCard.details } : {}),
  };
}

/** Where an order's sales tax comes from: its shipping address, or its billing address. */
export interface TaxAddresses {
  shippingAddress: Pick<Address, 'state' | 'zipcode'> | null;
  billingAddress?: Pick<Address, 'state' | 'zipcode'> | undefined;
}

/** A discount code to take off (issue 42), and who uses it (for a once-per-customer code). */
export interface DiscountAsked {
  code: string | undefined;
  customer: DiscountCustomer;
}

/**
 * Each line's share of the code asked for (issue 42), checked before the tax and before anything
 * is written or charged; no code: every share 0.
 */
async function withDiscount<Line extends Omit<PricedLine, 'taxCents' | 'discountCents'>>(
  db: Db,
  lines: Line[],
  asked: DiscountAsked | undefined,
) {
  const applied = asked?.code
    ? await discountFor(
        db,
        asked.code,
        lines.map((line) => ({
          productId: line.productId,
          kind: line.kind,
          netCents: line.unitPriceCents * line.quantity,
        })),
        asked.customer,
      )
    : null;
  const discounted = lines.map((line, index) => ({
    ...line,
    discountCents: applied?.shares[index] ?? 0,
  }));
  return { discounted, applied };
}

/**
 * Prices every line with the cart's rule and the tax from the shipping address, or, for an order
 * of digital items only, from the billing address (DECISIONS "Digital-only orders"). Refuses an
 * unknown product or sku, a digital item twice or more than once, a line sent twice (a bundle's
 * options in another order are the same line), and an order without a shipping address that has
 * an item to ship.
 */
export async function priceLines(
  db: Db,
  tax: TaxCalculator,
  items: (Omit<OrderLineInput, 'price'> & { price?: number | undefined })[],
  { shippingAddress, billingAddress }: TaxAddresses,
  asked?: DiscountAsked,
): Promise<PricedOrder> {
  const resolved = await resolveLines(db, items);
  const seenLines = new Set<string>();
  const seenDigital = new Set<string>();
  const untaxed = items.map((item, index) => {
    const line = resolved[index];
    if (!line) throw unavailable();
    // A text outside the product's rules: 400 with the field's sentence (issue 40).
    if (isRefusal(line)) {
      throw new AppError('INVALID_DATA', line.message, {
        [`items.${index}.personalization.${line.key}`]: line.message,
      });
    }
    if (isDigital(line)) {
      if (seenDigital.has(line._id)) throw new AppError('INVALID_DATA', ORDER_MESSAGES.digitalOnce);
      seenDigital.add(line._id);
    }
    const key = `${line._id} ${line.sku} ${personalizationKey(line.personalization)}`;
    if (seenLines.has(key)) throw new AppError('INVALID_DATA', ORDER_MESSAGES.lineTwice);
    seenLines.add(key);
    return toPricedLine(line, item);
  });

  // Nothing to ship: the tax follows the billing address (DECISIONS "Digital-only orders").
  const taxAddress = shippingAddress ?? (shipsNothing(untaxed) ? billingAddress : undefined);
  if (!taxAddress) throw new AppError('INVALID_DATA', ORDER_MESSAGES.shippingRequired);

  const subtotalCents = untaxed.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const { discounted, applied } = await withDiscount(db, untaxed, asked);
  const { rate, jurisdiction, location } = await tax.rateFor(taxAddress).catch((error: unknown) => {
    // A ZIP that needs its +4 is named under the address the tax follows.
    if (!(error instanceof AppError) || !error.fields?.zipcode) throw error;
    const field = `${taxAddress === shippingAddress ? 'shippingAddress' : 'billingAddress'}.zipcode`;
    throw new AppError(error.type, error.message, { [field]: error.fields.zipcode });
  });
  // Washington taxes what a gift card buys, not the card (DECISIONS "Gift cards"): its class; and
  // the price after a seller's discount (issue 42): each line's net less its share.
  const netOf = (line: (typeof discounted)[number]) =>
    line.unitPriceCents * line.quantity - line.discountCents;
  const taxableCents = discounted.filter(isTaxable).reduce((sum, line) => sum + netOf(line), 0);
  const tax_ = taxCents(taxableCents, rate);
  const shares = lineTaxCents(
    discounted.map((line) => ({ netCents: netOf(line), taxed: isTaxable(line) })),
    tax_,
    rateMillionths(rate),
  );
  const lines = discounted.map((line, index) => ({ ...line, taxCents: shares[index] ?? 0 }));
  const discountCents = applied?.discountCents ?? 0;
  return {
    lines,
    subtotalCents,
    discount: applied && {
      codeId: applied.codeId,
      code: applied.code,
      oncePerCustomer: applied.oncePerCustomer,
      cents: discountCents,
    },
    taxRate: rate,
    taxLabel: jurisdiction,
    taxCents: tax_,
    totalCents: subtotalCents - discountCents + tax_,
    taxLocation: location ?? null,
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
