import type { GiftCardDetails } from '../../core/gift-cards/model';
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { ResolvedLine } from '../../core/cart/lines';
import type { CartValidation } from '../../core/cart/model';
import type { ProductKind } from '../../core/product/kind';
import { personalizationKey, type PersonalizedText } from '../../core/product/personalized-text';
import {
  addLine,
  allowedQuantity,
  countUnits,
  removeLine,
  sameLine,
  subtotal,
  updateLineQuantity,
  type AddResult,
  type UpdateResult,
} from '../../core/cart/rules';
import { jsonCodec } from './persist';

/** A cart line (spec §3 Cart item). `sku` is the chosen variant's sku, else the product's. */
export interface CartItem {
  _id: string;
  title: string;
  sku: string;
  /** Unit price in dollars, as the API gives it. */
  price: number;
  /** During a sale (issue 42): the regular unit price, shown struck through. */
  compareAtPrice?: number | undefined;
  quantity: number;
  supplier: string;
  /** Units the shop has; undefined when unknown. */
  stock?: number | undefined;
  category: string;
  /** What the item is (goods, digital, gift_card); the cart's limits read it, never the category. */
  kind?: ProductKind | undefined;
  image?: string | undefined;
  alttext?: string | undefined;
  variantTitle?: string | undefined;
  selectedVariant?: { sku: string; stock?: number; quantity?: number } | undefined;
  /** A gift card line's recipient, message, date (and custom amount): issue 26. */
  giftCard?: GiftCardDetails | undefined;
  /** A personalized line's texts with their labels (issue 40): each distinct text is a line. */
  personalization?: PersonalizedText[] | undefined;
}

/** The cart, kept in localStorage under 'cart' (spec §3 Persisted client state). */
export const $cart = persistentAtom<CartItem[]>('cart', [], jsonCodec<CartItem[]>([]));

/** The header badge: total units across lines. */
export const $cartCount = computed($cart, (items) => countUnits(items));

/** The cart's subtotal in dollars (added up in cents). */
export const $cartSubtotal = computed($cart, (items) => subtotal(items));

/** A cart line (without its quantity) for a product line the product page or the server resolved. */
export function cartItemFrom(
  line: ResolvedLine & { giftCard?: GiftCardDetails | undefined },
): Omit<CartItem, 'quantity'> {
  return {
    _id: line._id,
    title: line.title,
    sku: line.sku,
    price: line.price,
    ...(line.compareAtPrice === undefined ? {} : { compareAtPrice: line.compareAtPrice }),
    supplier: line.supplier,
    stock: line.stock ?? undefined,
    category: line.category,
    kind: line.kind,
    image: line.image,
    alttext: line.alttext,
    variantTitle: line.variantTitle,
    selectedVariant: line.selectedVariant,
    ...(line.giftCard ? { giftCard: line.giftCard } : {}),
    ...(line.personalization ? { personalization: line.personalization } : {}),
  };
}

/** spec §4 Add item and §5; answers how many were added, or why none were. */
export function addCartItem(item: Omit<CartItem, 'quantity'>, quantity = 1): AddResult<CartItem> {
  const result = addLine($cart.get(), { ...item, quantity: 0 }, quantity);
  if (result.added > 0) $cart.set(result.items);
  return result;
}

/** spec §4 Remove item. */
export function removeCartItem(
  _id: string,
  sku: string,
  personalization?: CartItem['personalization'],
): void {
  $cart.set(removeLine($cart.get(), _id, sku, personalization));
}

/** spec §4 Clear cart. */
export function clearCart(): void {
  $cart.set([]);
}

/** spec §4 Update quantity; says so when the request was more than the line may hold. */
export function updateCartItemQuantity(
  _id: string,
  sku: string,
  quantity: number,
  personalization?: CartItem['personalization'],
): UpdateResult<CartItem> {
  const result = updateLineQuantity($cart.get(), _id, sku, quantity, personalization);
  $cart.set(result.items);
  return result;
}

/**
 * Applies the server's check of the cart (POST /api/cart/validate): lines it no longer sells go,
 * the others take today's price, stock and allowed quantity. Lines added meanwhile are kept, and so
 * is a quantity the shopper set while the check was on its way (within today's stock): the answer
 * is about the quantity sent, and must not put back what they have just typed (issue 13 point 10).
 */
export function applyCartCheck(checked: CartValidation['items'], sent: CartItem[]): void {
  const current = $cart.get();
  const next: CartItem[] = [];
  const placed = new Set<CartValidation['items'][number]>();
  for (const item of current) {
    const sentLine = sent.find((line) => sameLine(line, item));
    if (!sentLine) {
      next.push(item);
      continue;
    }
    // The server names a bundle by its options in list order; lines it merged appear once.
    const fresh = checked.find(
      (line) =>
        line._id === item._id &&
        (line.sku === item.sku || line.sentSkus?.includes(item.sku)) &&
        personalizationKey(line.personalization) === personalizationKey(item.personalization),
    );
    if (fresh && !placed.has(fresh)) {
      placed.add(fresh);
      const checkedLine = { ...cartItemFrom(fresh), quantity: fresh.quantity };
      const changedMeanwhile = item.quantity !== sentLine.quantity;
      next.push(
        changedMeanwhile
          ? { ...checkedLine, quantity: allowedQuantity(checkedLine, item.quantity) }
          : checkedLine,
      );
    }
  }
  $cart.set(next);
}
