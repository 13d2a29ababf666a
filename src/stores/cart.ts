import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { jsonCodec } from './persist';

/** A cart line (spec §3 Cart item). `sku` is the chosen variant's sku, else the product's. */
export interface CartItem {
  _id: string;
  title: string;
  sku: string;
  /** Unit price in dollars, as the API gives it. */
  price: number;
  quantity: number;
  supplier: string;
  /** Units the shop has; undefined when unknown. */
  stock?: number | undefined;
  category: string;
  image?: string | undefined;
  alttext?: string | undefined;
  variantTitle?: string | undefined;
  selectedVariant?: { sku: string; stock?: number; quantity?: number } | undefined;
}

/** The cart, kept in localStorage under 'cart' (spec §3 Persisted client state). */
export const $cart = persistentAtom<CartItem[]>('cart', [], jsonCodec<CartItem[]>([]));

/** The header badge: total units across lines. */
export const $cartCount = computed($cart, (items) =>
  items.reduce((total, item) => total + item.quantity, 0),
);
