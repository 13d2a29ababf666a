import type { ResolvedLine } from '../../../core/cart/lines';
import {
  availableStock,
  limitMessage,
  lineCap,
  MAX_PER_LINE,
  sameLine,
} from '../../../core/cart/rules';
import { centsToDollars } from '../../../core/money';
import {
  checkPersonalization,
  type PersonalizationSettings,
  type PersonalizationValues,
  type PersonalizedText,
} from '../../../core/product/personalization';
import { cartItemFrom, type CartItem } from '../../stores/cart';
import { readGiftCardDraft, type GiftCardDraft } from '../gift-cards/GiftCardFields';
import type { Notice } from './ProductParts';
import { limitText, parseQuantity } from './purchase-texts';

/**
 * What the cart holds of the line and the limit that binds: how many are in the cart (once
 * hydrated: the cart lives in this browser), how many it may hold, and the limit sentence to show.
 */
export function lineLimits({
  line,
  typedTexts,
  cart,
  ready,
  digital,
  quantityText,
  notice,
}: {
  line: ResolvedLine;
  typedTexts: PersonalizedText[];
  cart: CartItem[];
  ready: boolean;
  digital: boolean;
  quantityText: string;
  notice: Notice;
}) {
  // The cart lives in this browser: the server's HTML (and hydration) shows none of it. A
  // personalized line is the one with the same texts (each distinct text is its own line).
  const lineHere = { ...line, personalization: typedTexts };
  const inCart = ready ? (cart.find((item) => sameLine(item, lineHere))?.quantity ?? 0) : 0;
  const cap = lineCap(cartItemFrom(line));
  const soldOut = cap === 0;
  // The line holds all it may: say so before the shopper tries (a digital item stays addable,
  // and answers with the spec's limit sentence).
  const full = !soldOut && !digital && inCart >= cap;
  // The one sentence for a quantity past what the line may hold: the limit that binds.
  const limitOf = (remaining: number) =>
    limitText(
      { digital, stock: availableStock(cartItemFrom(line)), most: MAX_PER_LINE },
      inCart,
      remaining,
      limitMessage,
    );
  const typed = digital ? 1 : parseQuantity(quantityText);
  const room = Math.max(0, cap - inCart);
  // Said as soon as it is typed (issue 24 point 7), and after a press of Add to cart.
  const limit =
    notice?.kind === 'limited'
      ? notice
      : ready && !digital && !soldOut && !full && typed !== undefined && typed > room
        ? { message: limitOf(room), contact: true }
        : null;
  return { inCart, cap, soldOut, full, limitOf, limit };
}

/**
 * The line as it goes into the cart (a personalized item with its texts, a gift card with its
 * details), or null when refused; the refused fields' messages (or none) go to their setter.
 */
export function itemToAdd(
  line: ResolvedLine,
  personal: {
    settings: PersonalizationSettings | null;
    values: PersonalizationValues;
    setPersonalErrors: (errors: Record<string, string>) => void;
  },
  gift: {
    giftCard: boolean;
    giftDraft: GiftCardDraft;
    customAmount: boolean;
    setGiftErrors: (errors: Record<string, string>) => void;
  },
) {
  const item = cartItemFrom(line);
  if (personal.settings) {
    const check = checkPersonalization(personal.settings, personal.values);
    if (!check.ok) {
      personal.setPersonalErrors(check.errors);
      return null;
    }
    personal.setPersonalErrors({});
    return {
      ...item,
      price: centsToDollars(line.priceCents + check.addOnCents),
      ...(check.texts.length > 0 ? { personalization: check.texts } : {}),
    };
  }
  if (!gift.giftCard) return item;
  const read = readGiftCardDraft(gift.giftDraft, gift.customAmount);
  if (!read.ok) {
    gift.setGiftErrors(read.errors);
    return null;
  }
  gift.setGiftErrors({});
  return { ...item, giftCard: read.details, price: read.details.amount ?? item.price };
}
