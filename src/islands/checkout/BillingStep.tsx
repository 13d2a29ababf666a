import { useStore } from '@nanostores/react';
import { isGiftCardLine, shipsNothing } from '../../../core/cart/rules';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';
import GiftCardCode from '../gift-cards/GiftCardCode';
import { useGiftCardCovers } from '../gift-cards/useGiftCardCovers';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import { $checkout, initialCheckout } from '../../stores/checkout';
import { useHydrated } from '../shared/useHydrated';
import { BillingAddressSection } from './BillingAddressSection';
import { useBillingAddress, useCardChoice, useLeaveBillingStep } from './billing-choices';
import { useBillingSubmit } from './useBillingSubmit';
import { CardFieldset } from './CardFieldset';
import { recipientName } from './SavedAddressCards';
import { StepForm } from './StepForm';
import DiscountCode from './DiscountCode';
import { discountQuoteBase } from './discount-quote';
import type { PaymentProviderName } from './messages';

interface Props {
  provider: PaymentProviderName;
  /** Stripe's publishable key, in Stripe mode. */
  publishableKey?: string | undefined;
}

const NO_LINES: never[] = [];
const BLANK_CHECKOUT = initialCheckout();

/** The step's actions: its way back (to the cart, the contact details or the shipping step) and on. */
function BillingActions(props: { digitalOnly: boolean; isLoggedIn: boolean; busy: boolean }) {
  const { digitalOnly, isLoggedIn, busy } = props;
  return (
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
  );
}

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
/**
 * The cart, the checkout and the session as the step reads them: the server knows none of them,
 * so until hydrated, a guest's empty checkout.
 */
function useStoredCheckout() {
  const hydrated = useHydrated();
  const storedCart = useStore($cart);
  const storedCheckout = useStore($checkout);
  const session = useStore($auth);
  const cart = hydrated ? storedCart : NO_LINES;
  return {
    hydrated,
    cart,
    checkout: hydrated ? storedCheckout : BLANK_CHECKOUT,
    session,
    isLoggedIn: hydrated && session.isLoggedIn,
    digitalOnly: shipsNothing(cart),
  };
}

export default function BillingStep({ provider, publishableKey }: Props) {
  const { hydrated, cart, checkout, session, isLoggedIn, digitalOnly } = useStoredCheckout();
  const billingInfo = checkout.billingInfo;
  const address = useBillingAddress(hydrated, isLoggedIn, digitalOnly, checkout.shippingAddress);
  const { billedAddress } = address;
  const cards = useCardChoice(isLoggedIn, billingInfo);
  const { storedCards, chosenCard, keepCard, saveCard } = cards;
  const offToAnotherStep = useLeaveBillingStep(
    hydrated,
    cart.length,
    checkout,
    digitalOnly,
    isLoggedIn,
  );

  // An applied gift card whose balance pays it all: no payment card is asked (issue 26).
  const giftCardCovers = useGiftCardCovers(
    cart,
    digitalOnly
      ? { shippingAddress: null, billingAddress: billedAddress }
      : { shippingAddress: checkout.shippingAddress },
    checkout.giftCardCode,
  );

  const { errors, busy, card, form, onSubmit } = useBillingSubmit({
    ...{ billedAddress, typed: address.typed, digitalOnly, giftCardCovers },
    ...{ chosenCard, keepCard, saveCard: isLoggedIn && saveCard },
  });

  // Off to the cart or the shipping step (the effect above).
  if (offToAnotherStep) return <p>Loading…</p>;

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
        same={address.same}
        onSame={address.setSame}
        saved={address.book.savedAddresses}
        chosen={address.book.chosenAddressId}
        onChoose={address.book.setChosenAddressId}
        recipient={recipientName(session.user)}
        value={address.billing}
        errors={errors}
        onChange={address.type}
      />
      <DiscountCode
        code={checkout.discountCode}
        request={discountQuoteBase(cart, checkout, digitalOnly, isLoggedIn, billedAddress)}
      />
      <GiftCardCode giftCardsInCart={cart.some(isGiftCardLine)} />
      {giftCardCovers ? (
        <p role="status">{GIFT_CARD_LABELS.coversAll}</p>
      ) : (
        <CardFieldset
          {...{ storedCards, chosenCard, keepCard, billingInfo, isLoggedIn, saveCard }}
          {...{ provider, publishableKey, hydrated, card, billedAddress }}
          choice={cards.choice}
          onChoose={cards.setChoice}
          onDifferentCard={cards.differentCard}
          onSaveCard={cards.setSaveCard}
          onTyped={cards.typedCard}
        />
      )}
      <BillingActions {...{ digitalOnly, isLoggedIn, busy }} />
    </StepForm>
  );
}
