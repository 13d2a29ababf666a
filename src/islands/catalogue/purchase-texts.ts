/**
 * What the product page says about a quantity or a line before the cart's limit bites
 * (spec §5, §9: at least 1, at most 6 a line and what the shop has; a digital item once).
 */

/** Said instead of quietly adding 1 when the quantity typed is not a whole number from 1. */
export const QUANTITY_MESSAGE = 'Quantity must be a whole number, 1 or more.';

/** Why Add to cart is disabled: the line already holds all it may. */
export const fullLineText = (inCart: number): string => `All ${inCart} are already in your cart`;

/** A digital item is bought once: said when it is already in the cart. */
export const DIGITAL_IN_CART = 'Already in your cart';

/** The most units one order can hold of an item (spec §9), when that is what binds. */
export const mostPerOrderText = (most: number): string => `${most} is the most one order can hold`;

/** The shop's stock, when that is what binds. */
export const onlyLeftText = (stock: number): string => `Only ${stock} left`;

/**
 * The one sentence for a quantity past what a line may hold (issue 24 point 7): only the limit
 * that binds, never two. A digital item already in the cart is 'Already in your cart'; with none
 * of it in the cart, the line's own cap (the stock when it is under 6, else 6 an order); with some
 * in the cart and room for more, the spec's 'You can only add N more of this item.' (§5).
 */
export function limitText(
  line: { digital: boolean; stock: number | undefined; most: number },
  inCart: number,
  remaining: number,
  specSentence: (remaining: number) => string,
): string {
  if (line.digital) return DIGITAL_IN_CART;
  if (inCart > 0 && remaining > 0) return specSentence(remaining);
  if (line.stock !== undefined && line.stock < line.most) return onlyLeftText(line.stock);
  return mostPerOrderText(line.most);
}

/** The quantity typed, or undefined unless it is a whole number from 1. */
export function parseQuantity(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/** What the product page says of the stock. */
export function stockText(stock: number | null, digital: boolean): string {
  if (digital) return 'Digital download, delivered after checkout';
  if (stock === null) return 'In stock';
  if (stock === 0) return 'Sold out';
  if (stock <= 5) return onlyLeftText(stock);
  return 'In stock';
}
