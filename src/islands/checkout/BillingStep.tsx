import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { addressSchema } from '../../../core/address/model';
import { isGiftCardLine, shipsNothing } from '../../../core/cart/rules';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';
import GiftCardCode from '../gift-cards/GiftCardCode';
import { useGiftCardCovers } from '../gift-cards/useGiftCardCovers';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import { CARD_MESSAGES, type SavedPaymentDto } from '../../../core/user/cards-model';
import { readDomValues, useDomInitialState } from '../../lib/early-form';
import { useApiGet } from '../../lib/use-api-get';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import {
  $checkout,
  needsShippingStep,
  initialCheckout,
  forgetCard,
  replaceBillingAddress,
  replaceBillingInfo,
  type CheckoutAddress,
} from '../../stores/checkout';
import { useHydrated } from '../shell/useHydrated';
import { BillingAddressSection } from './BillingAddressSection';
import { recipientName } from './SavedAddressCards';
import { StepForm } from './StepForm';
import SandboxCardForm from './SandboxCardForm';
import { cardFieldId, describeCard, EMPTY_CARD, type CardFormHandle } from './card';
import type { PaymentProviderName } from './messages';
import { focusFirstError, serverAddressErrors, validate } from './validation';

// Stripe's card form and Stripe.js are their own chunk, fetched only when this step shows them.
// The sandbox's small form is part of the step, so the server renders it with the step.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface Props {
  provider: PaymentProviderName;
  /** Stripe's publishable key, in Stripe mode. */
  publishableKey?: string | undefined;
}

const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) =>
  (Object.keys(b) as (keyof CheckoutAddress)[]).every((key) => a[key] === b[key]);

const untouched = (values: object) => Object.values(values).every((value) => value === '');

const NEW_CARD = 'new';
const EMPTY_ADDRESS: CheckoutAddress = { line1: '', line2: '', city: '', state: '', zipcode: '' };
const NO_LINES: never[] = [];
const BLANK_CHECKOUT = initialCheckout();

/**
 * /billing: the billing address (same as shipping by default) and the card. A signed-in shopper
 * may pay with a stored card (the first one preselected) or a new one, with "Save this card".
 *
 * The form is rendered on the server as a guest with a new card meets it, so a shopper can type,
 * and press Continue, while the script loads (issue 13 point 10): what the fields hold when the
 * island hydrates stays, a submit pressed before is sent once the step is ready, and what the
 * checkout stored (a billing address, a card already given) fills in only what was left untouched.
 * The cart, the checkout and the session live in localStorage, so they count only once hydrated.
 *
 * A cart of digital items only has no shipping address: the billing address is asked for outright
 * (a saved one as a card, or typed) and the sales tax follows it (DECISIONS "Digital-only orders").
 */
export default function BillingStep({ provider, publishableKey }: Props) {
  const hydrated = useHydrated();
  const storedCart = useStore($cart);
  const storedCheckout = useStore($checkout);
  const session = useStore($auth);
  // The server knows neither the cart, the checkout nor the session: until hydrated, a guest's.
  const cart = hydrated ? storedCart : NO_LINES;
  const checkout = hydrated ? storedCheckout : BLANK_CHECKOUT;
  const isLoggedIn = hydrated && session.isLoggedIn;
  const digitalOnly = shipsNothing(cart);
  const [{ same }, setSameValue] = useDomInitialState({ same: true }, () => 'billing-same');
  const setSame = (next: boolean) => setSameValue({ same: next });
  const [billing, setBilling] = useDomInitialState(EMPTY_ADDRESS, (name) => `billing-${name}`);
  /** Whether the shopper typed a billing address (before hydration too): it is never replaced. */
  const billingTyped = useRef(!untouched(billing));
  /** Whether the new card's fields held something when the island hydrated. */
  const [cardTypedEarly] = useState(() => !untouched(readDomValues(EMPTY_CARD, cardFieldId)));
  /** Whether the shopper typed into the new card's fields: the new card then stays chosen. */
  const cardTyped = useRef(cardTypedEarly);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const billingInfo = checkout.billingInfo;
  /** Keep the new card the checkout holds (given before, back from review), unless one was typed. */
  const [keepCardChoice, setKeepCard] = useState<boolean | null>(null);
  const keepCard =
    keepCardChoice ??
    (!cardTypedEarly && billingInfo.paymentMethodId !== '' && !billingInfo.stored);
  /** A signed-in shopper's stored cards once fetched, null before. */
  const [fetched, setFetched] = useState<SavedPaymentDto[] | null>(null);
  const storedCards = isLoggedIn ? fetched : [];
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const [saveCardChoice, setSaveCard] = useState<boolean | null>(null);
  const saveCard = saveCardChoice ?? Boolean(billingInfo.saveCard);
  const [busy, setBusy] = useState(false);
  /** A signed-in shopper's saved addresses, and the one chosen to bill (null: the form's). */
  const [savedAddresses, setSavedAddresses] = useState<SavedAddressDto[]>([]);
  const [chosenAddressId, setChosenAddressId] = useState<string | null>(null);
  const useShipping = same && !digitalOnly;
  const chosenAddress = useShipping
    ? undefined
    : savedAddresses.find((entry) => entry._id === chosenAddressId);
  const card = useRef<CardFormHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  // A Continue pressed before hydration waits for the stored cards, which may be the one to pay with.

  // Once hydrated, what the checkout stored fills in what the shopper left untouched.
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
  }, [hydrated, setBilling, setSameValue]);

  useEffect(() => {
    if (!hydrated) return;
    if (cart.length === 0) window.location.replace('/cart');
    else if (needsShippingStep(checkout, digitalOnly, isLoggedIn)) {
      window.location.replace('/shipping');
    }
  }, [hydrated, cart.length, checkout, digitalOnly, isLoggedIn]);

  // A signed-in shopper's saved addresses, offered as cards; the one billed before is chosen again,
  // and with digital items only (no shipping address to copy) the first one.
  useApiGet<SavedAddressDto[]>(isLoggedIn ? '/user/addresses' : null, (result) => {
    if (!result.ok) return;
    setSavedAddresses(result.data);
    if (billingTyped.current) return;
    const billed = $checkout.get().billingAddress;
    const previous = result.data.find((entry) => sameAddress(entry, billed));
    const first = shipsNothing($cart.get()) ? result.data[0] : undefined;
    setChosenAddressId((previous ?? first)?._id ?? null);
  });

  // A signed-in shopper's stored cards; without them (or when they cannot load) a new card. A card
  // typed before they came stays the one chosen.
  useApiGet<SavedPaymentDto[]>(isLoggedIn ? '/user/savedPaymentMethods' : null, (result) => {
    const cards = result.ok ? result.data : [];
    setFetched(cards);
    if (cardTyped.current) return;
    const info = $checkout.get().billingInfo;
    const previous = info.stored ? cards.find((c) => c._id === info.paymentMethodId) : undefined;
    const keptNew = info.paymentMethodId !== '' && !info.stored;
    setChoice(previous?._id ?? (keptNew ? NEW_CARD : (cards[0]?._id ?? NEW_CARD)));
  });

  const chosenCard = storedCards?.find((entry) => entry._id === choice);
  // An applied gift card whose balance pays it all: no payment card is asked (issue 26).
  const taxedAddress = useShipping ? checkout.shippingAddress : (chosenAddress ?? billing);
  const giftCardCovers = useGiftCardCovers(
    cart,
    digitalOnly
      ? { shippingAddress: null, billingAddress: taxedAddress }
      : { shippingAddress: checkout.shippingAddress },
    checkout.giftCardCode,
  );

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = !useShipping && !chosenAddress;
    const address = useShipping ? checkout.shippingAddress : (chosenAddress ?? billing);
    const checked = validate(addressSchema, address);
    const serverErrors =
      checked.ok && typed ? await serverAddressErrors(checked.data, { taxed: digitalOnly }) : {};
    setErrors(checked.ok ? serverErrors : typed ? checked.errors : {});
    if (!checked.ok || Object.keys(serverErrors).length > 0) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      if (giftCardCovers) {
        forgetCard();
      } else if (chosenCard) {
        replaceBillingInfo({
          paymentMethodId: chosenCard._id,
          last4Number: chosenCard.last4Number,
          expirationMonth: chosenCard.expirationMonth,
          expirationYear: chosenCard.expirationYear,
          brand: chosenCard.brand,
          stored: true,
        });
      } else if (!keepCard) {
        const info = await card.current?.tokenise();
        if (!info) {
          requestAnimationFrame(() => focusFirstError(form.current));
          return;
        }
        replaceBillingInfo({ ...info, stored: false, saveCard: isLoggedIn && saveCard });
      } else {
        replaceBillingInfo((current) => ({ ...current, saveCard: isLoggedIn && saveCard }));
      }
      replaceBillingAddress(checked.data);
      window.location.assign('/checkout');
    } finally {
      setBusy(false);
    }
  }

  // Off to the cart or the shipping step (the effect above).
  if (hydrated && (cart.length === 0 || needsShippingStep(checkout, digitalOnly, isLoggedIn))) {
    return <p>Loading…</p>;
  }
  const billedAddress = useShipping ? checkout.shippingAddress : (chosenAddress ?? billing);

  return (
    <StepForm
      cart={cart}
      address={digitalOnly ? billedAddress : checkout.shippingAddress}
      taxFrom={digitalOnly ? 'billing' : 'shipping'}
      form={form}
      busy={storedCards === null}
      ready={storedCards !== null}
      onSubmit={onSubmit}
    >
      <BillingAddressSection
        digitalOnly={digitalOnly}
        same={same}
        onSame={setSame}
        saved={savedAddresses}
        chosen={chosenAddressId}
        onChoose={setChosenAddressId}
        recipient={recipientName(session.user)}
        value={billing}
        errors={errors}
        onChange={(next) => {
          billingTyped.current = true;
          setBilling(next);
        }}
      />
      <GiftCardCode giftCardsInCart={cart.some(isGiftCardLine)} />
      {giftCardCovers ? (
        <p role="status">{GIFT_CARD_LABELS.coversAll}</p>
      ) : (
        <fieldset>
          <legend>Card</legend>
          <p className="hint">We accept Visa, Mastercard, American Express and Discover.</p>
          {storedCards === null && <p role="status">Loading your cards…</p>}
          {storedCards && storedCards.length > 0 && (
            <fieldset className="stored-cards">
              <legend>Stored cards</legend>
              {storedCards.map((entry) => (
                <label key={entry._id} className="checkbox">
                  <input
                    type="radio"
                    name="card-choice"
                    value={entry._id}
                    checked={choice === entry._id}
                    onChange={() => setChoice(entry._id)}
                  />
                  {describeCard({ brand: entry.brand, last4Number: entry.last4Number })}, expires{' '}
                  {entry.expirationMonth}/{entry.expirationYear}
                </label>
              ))}
              <label className="checkbox">
                <input
                  type="radio"
                  name="card-choice"
                  value={NEW_CARD}
                  checked={choice === NEW_CARD}
                  onChange={() => setChoice(NEW_CARD)}
                />
                A new card
              </label>
            </fieldset>
          )}
          {chosenCard ? null : keepCard ? (
            <p className="saved-card">
              {describeCard(checkout.billingInfo)}, expires {checkout.billingInfo.expirationMonth}/
              {checkout.billingInfo.expirationYear}.{' '}
              <button type="button" className="link-button" onClick={() => setKeepCard(false)}>
                Use a different card
              </button>
            </p>
          ) : provider === 'stripe' && publishableKey ? (
            hydrated ? (
              <Suspense fallback={<p>Loading the card form…</p>}>
                <StripeCardForm
                  ref={card}
                  publishableKey={publishableKey}
                  billingAddress={() => billedAddress}
                />
              </Suspense>
            ) : (
              <p>Loading the card form…</p>
            )
          ) : (
            <div
              onInput={() => {
                cardTyped.current = true;
              }}
            >
              <SandboxCardForm ref={card} />
            </div>
          )}
          {isLoggedIn && !chosenCard && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
              {CARD_MESSAGES.saveThisCard}
            </label>
          )}
        </fieldset>
      )}
      <div className="actions">
        {digitalOnly && isLoggedIn ? (
          <a href="/cart">Back to cart</a>
        ) : (
          <a href="/shipping">{digitalOnly ? 'Back to contact details' : 'Back to shipping'}</a>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Checking your card…' : 'Continue to review'}
        </button>
      </div>
    </StepForm>
  );
}
