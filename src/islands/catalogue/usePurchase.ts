import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ResolvedLine } from '../../../core/cart/lines';
import { isDigital } from '../../../core/cart/rules';
import { GIFT_CARD_CUSTOM_SKU } from '../../../core/gift-cards/model';
import { isGiftCardKind } from '../../../core/product/kind';
import type { ProductDto } from '../../../core/product/model';
import { $cart, addCartItem } from '../../stores/cart';
import { centsToDollars } from '../../../core/money';
import { emptyGiftCardDraft, type GiftCardDraft } from '../gift-cards/GiftCardFields';
import type { Notice } from './ProductParts';
import { itemToAdd, lineLimits } from './purchase-line';
import { parseQuantity } from './purchase-texts';
import { usePersonalization } from './usePersonalization';

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
  const { values, personalErrors, setPersonalErrors, typedTexts, addOnCents, onPersonalization } =
    usePersonalization(settings, notice, setNotice);
  const shownPrice =
    customAmount && Number.isInteger(typedAmount) && typedAmount > 0
      ? typedAmount
      : centsToDollars(line.priceCents + addOnCents);
  const { inCart, cap, soldOut, full, limitOf, limit } = lineLimits({
    line,
    typedTexts,
    cart,
    ready,
    digital,
    quantityText,
    notice,
  });

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const quantity = digital ? 1 : parseQuantity(quantityText);
    if (quantity === undefined) setQuantityError(true);
    const item =
      quantity === undefined
        ? null
        : itemToAdd(
            line,
            { settings, values, setPersonalErrors },
            { giftCard, giftDraft, customAmount, setGiftErrors },
          );
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
