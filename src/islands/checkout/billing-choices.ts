import { useEffect, useRef, useState, type RefObject } from 'react';
import { readDomValues, untouched, useDomInitialState } from '../../lib/early-form';
import { emptyAddress } from '../../../core/address/model';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import type { SavedPaymentDto } from '../../../core/user/cards-model';
import { useApiGet } from '../../lib/use-api-get';
import { $cart } from '../../stores/cart';
import { shipsNothing } from '../../../core/cart/rules';
import {
  $checkout,
  forgetCard,
  needsShippingStep,
  replaceBillingInfo,
  type BillingInfo,
  type CheckoutAddress,
  type CheckoutState,
} from '../../stores/checkout';
import { cardFieldId, EMPTY_CARD, type CardFormHandle } from '../shared/card';

/** The billing step's helpers: what it fetches, what it fills in, what it stores on Continue. */

export const NEW_CARD = 'new';
export const EMPTY_ADDRESS: CheckoutAddress = emptyAddress();

export const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) =>
  (Object.keys(b) as (keyof CheckoutAddress)[]).every((key) => a[key] === b[key]);

/**
 * Once hydrated, what the checkout stored fills in what the shopper left untouched: the billing
 * address, and whether it is the shipping one.
 */
export function useStoredBilling(
  hydrated: boolean,
  billingTyped: RefObject<boolean>,
  setBilling: (address: CheckoutAddress) => void,
  setSameValue: (change: (current: { same: boolean }) => { same: boolean }) => void,
) {
  useEffect(() => {
    if (!hydrated) return;
    const stored = $checkout.get();
    const hasBilling = stored.billingAddress.line1 !== '';
    // A gift ships to a friend, whose address is not the card's: billing starts empty and apart.
    const giftFirstTime = stored.gift.isGift && !hasBilling;
    if (!billingTyped.current) {
      setBilling(
        hasBilling ? stored.billingAddress : giftFirstTime ? EMPTY_ADDRESS : stored.shippingAddress,
      );
      // An unticked box stays unticked; a ticked one follows the address stored.
      setSameValue((current) => ({
        same:
          current.same &&
          !giftFirstTime &&
          (!hasBilling || sameAddress(stored.billingAddress, stored.shippingAddress)),
      }));
    }
  }, [hydrated, billingTyped, setBilling, setSameValue]);
}

/**
 * A signed-in shopper's saved addresses, offered as cards; the one billed before is chosen again,
 * and with digital items only (no shipping address to copy) the first one.
 */
export function useBillingAddressBook(isLoggedIn: boolean, billingTyped: RefObject<boolean>) {
  const [savedAddresses, setSavedAddresses] = useState<SavedAddressDto[]>([]);
  const [chosenAddressId, setChosenAddressId] = useState<string | null>(null);
  useApiGet<SavedAddressDto[]>(isLoggedIn ? '/user/addresses' : null, (result) => {
    if (!result.ok) return;
    setSavedAddresses(result.data);
    if (billingTyped.current) return;
    const billed = $checkout.get().billingAddress;
    const previous = result.data.find((entry) => sameAddress(entry, billed));
    const first = shipsNothing($cart.get()) ? result.data[0] : undefined;
    setChosenAddressId((previous ?? first)?._id ?? null);
  });
  return { savedAddresses, chosenAddressId, setChosenAddressId };
}

/**
 * A signed-in shopper's stored cards (null until fetched); without them (or when they cannot
 * load) a new card. A card typed before they came stays the one chosen.
 */
export function useStoredCards(isLoggedIn: boolean, cardTyped: RefObject<boolean>) {
  const [fetched, setFetched] = useState<SavedPaymentDto[] | null>(null);
  const [choice, setChoice] = useState<string>(NEW_CARD);
  useApiGet<SavedPaymentDto[]>(isLoggedIn ? '/user/savedPaymentMethods' : null, (result) => {
    const cards = result.ok ? result.data : [];
    setFetched(cards);
    if (cardTyped.current) return;
    const info = $checkout.get().billingInfo;
    const previous = info.stored ? cards.find((c) => c._id === info.paymentMethodId) : undefined;
    const keptNew = info.paymentMethodId !== '' && !info.stored;
    setChoice(previous?._id ?? (keptNew ? NEW_CARD : (cards[0]?._id ?? NEW_CARD)));
  });
  return { storedCards: isLoggedIn ? fetched : [], choice, setChoice };
}

/**
 * Stores how the order is paid: nothing when a gift card covers it, a stored card, a new card
 * (tokenised now) or the new card the checkout already holds. False when the new card's form
 * refused (its errors show).
 */
export async function storePayment(how: {
  giftCardCovers: boolean;
  chosenCard: SavedPaymentDto | undefined;
  keepCard: boolean;
  card: CardFormHandle | null;
  saveCard: boolean;
}): Promise<boolean> {
  if (how.giftCardCovers) {
    forgetCard();
  } else if (how.chosenCard) {
    const chosen = how.chosenCard;
    replaceBillingInfo({
      paymentMethodId: chosen._id,
      last4Number: chosen.last4Number,
      expirationMonth: chosen.expirationMonth,
      expirationYear: chosen.expirationYear,
      brand: chosen.brand,
      stored: true,
    });
  } else if (!how.keepCard) {
    const info = await how.card?.tokenise();
    if (!info) return false;
    replaceBillingInfo({ ...info, stored: false, saveCard: how.saveCard });
  } else {
    replaceBillingInfo((current) => ({ ...current, saveCard: how.saveCard }));
  }
  return true;
}

/**
 * The billing address: the shipping one ("same"), a saved one chosen, or the one typed (kept as
 * typed before hydration, never replaced once typed).
 */
export function useBillingAddress(
  hydrated: boolean,
  isLoggedIn: boolean,
  digitalOnly: boolean,
  shippingAddress: CheckoutAddress,
) {
  const [{ same }, setSameValue] = useDomInitialState({ same: true }, () => 'billing-same');
  const [billing, setBilling] = useDomInitialState(EMPTY_ADDRESS, (name) => `billing-${name}`);
  /** Whether the shopper typed a billing address (before hydration too): it is never replaced. */
  const billingTyped = useRef(!untouched(billing));
  useStoredBilling(hydrated, billingTyped, setBilling, setSameValue);
  /** A signed-in shopper's saved addresses, and the one chosen to bill (null: the form's). */
  const book = useBillingAddressBook(isLoggedIn, billingTyped);
  const useShipping = same && !digitalOnly;
  const chosenAddress = useShipping
    ? undefined
    : book.savedAddresses.find((entry) => entry._id === book.chosenAddressId);
  return {
    same,
    setSame: (next: boolean) => setSameValue({ same: next }),
    billing,
    type: (next: CheckoutAddress) => {
      billingTyped.current = true;
      setBilling(next);
    },
    book,
    /** Whether the address is the one typed in the form (checked by the server on Continue). */
    typed: !useShipping && !chosenAddress,
    billedAddress: useShipping ? shippingAddress : (chosenAddress ?? billing),
  };
}

/**
 * The card: a stored one chosen, the new card the checkout holds (given before, back from review)
 * kept unless one was typed, or a new one, with "Save this card".
 */
export function useCardChoice(isLoggedIn: boolean, billingInfo: BillingInfo) {
  /** Whether the new card's fields held something when the island hydrated. */
  const [cardTypedEarly] = useState(() => !untouched(readDomValues(EMPTY_CARD, cardFieldId)));
  /** Whether the shopper typed into the new card's fields: the new card then stays chosen. */
  const cardTyped = useRef(cardTypedEarly);
  const [keepCardChoice, setKeepCard] = useState<boolean | null>(null);
  const keepCard =
    keepCardChoice ??
    (!cardTypedEarly && billingInfo.paymentMethodId !== '' && !billingInfo.stored);
  const { storedCards, choice, setChoice } = useStoredCards(isLoggedIn, cardTyped);
  const [saveCardChoice, setSaveCard] = useState<boolean | null>(null);
  return {
    storedCards,
    choice,
    setChoice,
    chosenCard: storedCards?.find((entry) => entry._id === choice),
    keepCard,
    differentCard: () => setKeepCard(false),
    saveCard: saveCardChoice ?? Boolean(billingInfo.saveCard),
    setSaveCard,
    typedCard: () => {
      cardTyped.current = true;
    },
  };
}

/**
 * Whether the billing step is not for now: an empty cart goes back to the cart, a checkout
 * without its shipping details to the shipping step. Only once hydrated (the cart and checkout
 * live in localStorage).
 */
export function useLeaveBillingStep(
  hydrated: boolean,
  lines: number,
  checkout: CheckoutState,
  digitalOnly: boolean,
  isLoggedIn: boolean,
): boolean {
  useEffect(() => {
    if (!hydrated) return;
    if (lines === 0) window.location.replace('/cart');
    else if (needsShippingStep(checkout, digitalOnly, isLoggedIn)) {
      window.location.replace('/shipping');
    }
  }, [hydrated, lines, checkout, digitalOnly, isLoggedIn]);
  return hydrated && (lines === 0 || needsShippingStep(checkout, digitalOnly, isLoggedIn));
}
