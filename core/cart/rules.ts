/**
 * The cart's rules (spec §4 Cart, §5 Add to cart, §9), as pure functions over a list of lines. The
 * browser's cart store applies them; the server applies the same ones when it checks a cart.
 */
import { centsToDollars, dollarsToCents } from '../money';
import { orderKindOf, shipsNothing as shipsNothingOfKind } from '../orders/lifecycle';
import { hasStockLimit, type ProductKind } from '../product/kind';
import { personalizationKey, type PersonalizedText } from '../product/personalized-text';

/** spec §9: at most 6 units on one cart line, also capped by stock. */
export const MAX_PER_LINE = 6;
/** spec §9: at least 1. */
export const MIN_QUANTITY = 1;
/** spec §9: the stock assumed by a quantity update when the shop does not know its stock. */
export const STOCK_WHEN_UNKNOWN = 50;

/** spec §5: the message when a shopper asks for more than the line may hold. */
export const limitMessage = (remaining: number): string =>
  `You can only add ${remaining} more of this item.`;

/** What the rules need of a cart line (spec §3 Cart item). */
export interface CartLine {
  _id: string;
  sku: string;
  quantity: number;
  category: string;
  /**
   * What the item is (core/product/kind.ts). A line kept by an older page may have none: it
   * counts as goods until the cart check gives it today's.
   */
  kind?: ProductKind | undefined;
  /** Units the shop has; undefined (or null) when unknown. */
  stock?: number | null | undefined;
  selectedVariant?: { sku: string; stock?: number; quantity?: number } | undefined;
  /** A personalized line's texts (issue 40): each distinct text is a line of its own. */
  personalization?: readonly Pick<PersonalizedText, 'key' | 'value'>[] | undefined;
}

type Kinded = { kind?: ProductKind | undefined };

/** A line's kind; one without (kept by an older page) counts as goods. */
export const kindOf = (line: Kinded): ProductKind => line.kind ?? 'goods';

/** Whether a line is a digital file: sold one to an order, never out of stock, never shipped. */
export const isDigital = (line: Kinded): boolean => kindOf(line) === 'digital';

/** Whether a line is a gift card: emailed, never taxed at sale, not payable by a gift card. */
export const isGiftCardLine = (line: Kinded): boolean => kindOf(line) === 'gift_card';

const kindOfLines = (lines: readonly Kinded[]) =>
  orderKindOf(lines.map((line) => ({ kind: kindOf(line) })));

/**
 * Whether a cart or an order holds digital items only: nothing to ship, so no shipping address,
 * the tax from the billing address, delivered when paid (DECISIONS "Digital-only orders").
 */
export function isDigitalOnly(lines: readonly Kinded[]): boolean {
  return lines.length > 0 && kindOfLines(lines) === 'digital_only';
}

/**
 * Whether nothing of a cart or an order is shipped: digital items and gift cards (emailed, issue
 * 26) only. Such a checkout asks for no shipping address and takes the tax from the billing one.
 */
export function shipsNothing(lines: readonly Kinded[]): boolean {
  return lines.length > 0 && shipsNothingOfKind(kindOfLines(lines));
}

/** spec §4: a chosen variant's stock, falling back to its quantity; else the product's stock. */
export function availableStock(
  line: Pick<CartLine, 'stock' | 'selectedVariant'>,
): number | undefined {
  if (line.selectedVariant) return line.selectedVariant.stock ?? line.selectedVariant.quantity;
  return line.stock ?? undefined;
}

type Capped = Pick<CartLine, 'kind' | 'stock' | 'selectedVariant'>;

/**
 * The most units one line may hold: 1 for digital items, 6 for an item without a stock limit (a
 * gift card, `hasStockLimit`), else 6 capped by stock when known.
 */
export function lineCap(line: Capped): number {
  if (isDigital(line)) return 1;
  if (!hasStockLimit({ kind: kindOf(line) })) return MAX_PER_LINE;
  const stock = availableStock(line);
  return Math.max(0, Math.min(MAX_PER_LINE, stock ?? MAX_PER_LINE));
}

type LineKey = Pick<CartLine, '_id' | 'sku' | 'personalization'>;

/**
 * spec §4: lines are the same when they have the same product _id and the same sku, and (issue
 * 40) the same personalization: two mugs with two names are two lines, each with its own cap.
 */
export const sameLine = (a: LineKey, b: LineKey) =>
  a._id === b._id &&
  a.sku === b.sku &&
  personalizationKey(a.personalization) === personalizationKey(b.personalization);

export interface Limited {
  /** How many more the line could take. */
  remaining: number;
  message: string;
}

export interface AddResult<T> {
  items: T[];
  added: number;
  limited?: Limited;
}

/**
 * spec §4 Add item and §5: merges into the line with the same _id and sku, or adds a line. A
 * digital item stays at 1; with known stock the line grows only while below it; never past 6.
 * When the request does not fit, nothing is added and the answer says how many more would.
 */
export function addLine<T extends CartLine>(items: T[], item: T, requested = 1): AddResult<T> {
  const wanted = Math.max(MIN_QUANTITY, Math.floor(requested) || MIN_QUANTITY);
  const existing = items.find((line) => sameLine(line, item));
  const remaining = Math.max(0, lineCap(item) - (existing?.quantity ?? 0));
  if (wanted > remaining) {
    return { items, added: 0, limited: { remaining, message: limitMessage(remaining) } };
  }
  const next = existing
    ? items.map((line) =>
        line === existing ? { ...line, ...item, quantity: existing.quantity + wanted } : line,
      )
    : [...items, { ...item, quantity: wanted }];
  return { items: next, added: wanted };
}

/** spec §4 Remove item: deletes the line with that _id and sku (and personalization). */
export function removeLine<T extends CartLine>(
  items: T[],
  _id: string,
  sku: string,
  personalization?: CartLine['personalization'],
): T[] {
  return items.filter((line) => !sameLine(line, { _id, sku, personalization }));
}

/**
 * spec §4 Update quantity and §9: a digital item is forced to 1; otherwise the smaller of the
 * request, 6 and the stock (50 when the stock is unknown or not limited), and at least 1.
 */
export function allowedQuantity(line: Capped, requested: number): number {
  if (isDigital(line)) return 1;
  const wanted = Number.isFinite(requested) ? Math.floor(requested) : MIN_QUANTITY;
  const limited = hasStockLimit({ kind: kindOf(line) });
  const stock = (limited ? availableStock(line) : undefined) ?? STOCK_WHEN_UNKNOWN;
  return Math.max(MIN_QUANTITY, Math.min(wanted, MAX_PER_LINE, stock));
}

export interface UpdateResult<T> {
  items: T[];
  /** The quantity the line now has (undefined when there is no such line). */
  quantity?: number;
  limited?: Limited;
}

/** Sets a line's quantity under `allowedQuantity`, saying so when the request was more than that. */
export function updateLineQuantity<T extends CartLine>(
  items: T[],
  _id: string,
  sku: string,
  requested: number,
  personalization?: CartLine['personalization'],
): UpdateResult<T> {
  const line = items.find((entry) => sameLine(entry, { _id, sku, personalization }));
  if (!line) return { items };
  const quantity = allowedQuantity(line, requested);
  const next = items.map((entry) => (entry === line ? { ...entry, quantity } : entry));
  if (requested <= quantity) return { items: next, quantity };
  const remaining = Math.max(0, quantity - line.quantity);
  return { items: next, quantity, limited: { remaining, message: limitMessage(remaining) } };
}

/** The header badge: units across all lines. */
export const countUnits = (items: Pick<CartLine, 'quantity'>[]): number =>
  items.reduce((total, line) => total + line.quantity, 0);

/** The subtotal in dollars, added up in cents so it never drifts (spec §7). */
export function subtotal(items: { price: number; quantity: number }[]): number {
  const cents = items.reduce(
    (total, line) => total + dollarsToCents(line.price) * line.quantity,
    0,
  );
  return centsToDollars(cents);
}
