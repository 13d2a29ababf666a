import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ResolvedLine } from '../../../core/cart/lines';
import {
  availableStock,
  isDigital,
  limitMessage,
  lineCap,
  MAX_PER_LINE,
  sameLine,
} from '../../../core/cart/rules';
import { GIFT_CARD_CUSTOM_SKU } from '../../../core/gift-cards/model';
import { isGiftCardKind } from '../../../core/product/kind';
import type { ProductDto } from '../../../core/product/model';
import { $cart, addCartItem, cartItemFrom } from '../../stores/cart';
import { centsToDollars } from '../../../core/money';
import {
  checkPersonalization,
  fieldError,
  normalizeValue,
  type PersonalizationValues,
  type PersonalizedText,
} from '../../../core/product/personalization';
import {
  emptyGiftCardDraft,
  readGiftCardDraft,
  type GiftCardDraft,
} from '../gift-cards/GiftCardFields';
import type { Notice } from './ProductParts';
import { limitText, parseQuantity } from './purchase-texts';

/**
 * Adding the chosen line to the cart with the cart's rules: the quantity typed, a gift card's
 * details, what the line already holds (once hydrated: the cart lives in this browser), the limit
 * that binds and what Add to cart answered.
 */
export function usePurchase(
  product: ProductDto,
  line: ResolvedLine,
  /** The image shown, for "Added to cart". */
  thumb: string | undefined,
  ready: boolean,
) {
  const cart = useStore($cart);
  const [quantityText, setQuantityText] = useState('1');
  const [quantityError, setQuantityError] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const digital = isDigital(line);
  // A gift card (issue 26): its recipient, message and date, and for the custom amount its amount.
  const giftCard = isGiftCardKind(product);
  const customAmount = giftCard && line.sku === GIFT_CARD_CUSTOM_SKU;
  const [giftDraft, setGiftDraft] = useState<GiftCardDraft>(emptyGiftCardDraft);
  const [giftErrors, setGiftErrors] = useState<Record<string, string>>({});
  const typedAmount = Number(giftDraft.amount);
  // A personalized item (issue 40): the texts typed so far, and what the filled fields add.
  const settings = product.personalization ?? null;
  const [values, setValues] = useState<PersonalizationValues>({});
  const [personalErrors, setPersonalErrors] = useState<Record<string, string>>({});
  const typedTexts: PersonalizedText[] = (settings?.fields ?? [])
    .map((field) => ({
      key: field.key,
      label: field.label,
      value: normalizeValue(field, values[field.key] ?? ''),
    }))
    .filter((text) => text.value !== '');
  const addOnCents = (settings?.fields ?? [])
    .filter((field) => typedTexts.some((text) => text.key === field.key))
    .reduce((sum, field) => sum + field.priceCents, 0);
  const shownPrice =
    customAmount && Number.isInteger(typedAmount) && typedAmount > 0
      ? typedAmount
      : centsToDollars(line.priceCents + addOnCents);
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

  /** The line as it goes into the cart (a gift card with its details), or null when refused. */
  function itemToAdd() {
    const item = cartItemFrom(line);
    if (settings) {
      const check = checkPersonalization(settings, values);
      if (!check.ok) {
        setPersonalErrors(check.errors);
        return null;
      }
      setPersonalErrors({});
      return {
        ...item,
        price: centsToDollars(line.priceCents + check.addOnCents),
        ...(check.texts.length > 0 ? { personalization: check.texts } : {}),
      };
    }
    if (!giftCard) return item;
    const read = readGiftCardDraft(giftDraft, customAmount);
    if (!read.ok) {
      setGiftErrors(read.errors);
      return null;
    }
    setGiftErrors({});
    return { ...item, giftCard: read.details, price: read.details.amount ?? item.price };
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const quantity = digital ? 1 : parseQuantity(quantityText);
    if (quantity === undefined) setQuantityError(true);
    const item = quantity === undefined ? null : itemToAdd();
    if (quantity === undefined || item === null) return setNotice(null);
    const result = addCartItem(item, quantity);
    setNotice(
      result.limited
        ? { kind: 'limited', message: limitOf(result.limited.remaining), contact: !digital }
        : {
            kind: 'added',
            added: result.added,
            title: product.title,
            variant: line.variantTitle,
            ...(thumb ? { image: thumb } : {}),
          },
    );
  }

  /** A field's text as typed: its counter follows, and a character it refuses is said at once. */
  function onPersonalization(next: PersonalizationValues) {
    setValues(next);
    if (notice) setNotice(null);
    setPersonalErrors(() => {
      const errors: Record<string, string> = {};
      for (const field of settings?.fields ?? []) {
        const value = normalizeValue(field, next[field.key] ?? '');
        const error = value === '' ? null : fieldError(field, value);
        if (error) errors[field.key] = error;
      }
      return errors;
    });
  }

  function onQuantity(text: string) {
    setQuantityText(text);
    setQuantityError(false);
    if (notice?.kind === 'limited') setNotice(null);
  }

  return {
    ...{ digital, giftCard, customAmount, giftDraft, setGiftDraft, giftErrors, shownPrice },
    ...{ inCart, cap, soldOut, full, limit, notice, setNotice },
    ...{ quantityText, quantityError, onQuantity, onSubmit },
    ...{ settings, values, personalErrors, typedTexts, onPersonalization },
  };
}
