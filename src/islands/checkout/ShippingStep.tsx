import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { shipsNothing } from '../../../core/cart/rules';
import { ORDER_MESSAGES } from '../../../core/orders/model';
import { untouched, useDomInitialState } from '../../lib/early-form';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import { $checkout, NO_GIFT, type CheckoutGift } from '../../stores/checkout';
import { useHydrated } from '../shared/useHydrated';
import { CHECKOUT_TEXT } from './messages';
import { recipientName } from './SavedAddressCards';
import { ContactFieldset, ShippingActions, ShippingPart } from './ShippingParts';
import { shippingRecipient } from './shipping-recipient';
import {
  EMPTY_ADDRESS,
  EMPTY_CONTACT,
  useLeaveShippingStep,
  useShippingAddressBook,
  useStoredShipping,
} from './shipping-state';
import { StepForm } from './StepForm';
import { useShippingSubmit } from './useShippingSubmit';

const NO_LINES: never[] = [];

/**
 * /shipping (spec §2 Shipping step): a guest's name and email, then the shipping address. A
 * signed-in shopper gives no contact (the account's is used); their first saved address is
 * preselected, 'Ship to another address' clears the choice and shows the form, and an address
 * typed there is saved to the account on Continue. Without saved addresses the form shows at once.
 *
 * The form is rendered on the server, empty, so a shopper can type while the script loads (issue
 * 13 point 10): what is in the fields when the island hydrates stays, a Continue pressed before is
 * sent once ready, and only a group of fields left untouched is filled from the stored checkout.
 * The cart and the session live in localStorage, so they count only once hydrated.
 *
 * A cart of digital items only ships nothing (DECISIONS "Digital-only orders"): a guest gives
 * only their name and email here, a signed-in shopper goes straight on to the billing step.
 */
export default function ShippingStep() {
  const hydrated = useHydrated();
  const storedCart = useStore($cart);
  const saved = useStore($checkout);
  const session = useStore($auth);
  // The server knows neither the cart nor the session: until hydrated, a guest with a cart.
  const cart = hydrated ? storedCart : NO_LINES;
  const isLoggedIn = hydrated && session.isLoggedIn;
  const digitalOnly = shipsNothing(cart);
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [contact, setContact] = useDomInitialState(EMPTY_CONTACT, (name) => `guest-${name}`);
  const [address, setAddress] = useDomInitialState(EMPTY_ADDRESS, (name) => `shipping-${name}`);
  // "This is a gift" (issue 26): the box, the message, the choices.
  const [gift, setGiftState] = useDomInitialState<CheckoutGift>(NO_GIFT, (name) => `gift-${name}`);
  /** Whether the shopper typed an address (before hydration too): saved ones then stay unchosen. */
  const addressTyped = useRef(!untouched(address));
  useStoredShipping(hydrated, digitalOnly, setContact, setAddress, setGiftState);

  useLeaveShippingStep(hydrated, cart.length, digitalOnly, isLoggedIn);

  const { book, savedAddresses, chosen, setChosen, chosenAddress } = useShippingAddressBook(
    isLoggedIn,
    digitalOnly,
    addressTyped,
    saved.shippingAddress,
  );

  const { buyer, buyerIsRecipient, recipientAddress } = shippingRecipient({
    ...{ isLoggedIn, contact, gift, digitalOnly, address },
    user: session.user,
  });

  const { form, onSubmit, ...shown } = useShippingSubmit({
    ...{ isLoggedIn, digitalOnly, contact, address, recipientAddress, gift, chosenAddress },
    user: session.user,
    openInForm: (opened) => {
      addressTyped.current = true;
      setChosen(null);
      setAddress(opened);
    },
  });

  if (hydrated && cart.length === 0) return <p>{ORDER_MESSAGES.noItems}</p>;
  if (digitalOnly && isLoggedIn) return <p role="status">{CHECKOUT_TEXT.nothingToShip}</p>;

  return (
    <StepForm
      cart={cart}
      address={digitalOnly ? null : (chosenAddress ?? address)}
      form={form}
      busy={book.kind === 'loading'}
      onSubmit={onSubmit}
    >
      {book.kind === 'loading' && <p role="status">Loading your addresses…</p>}
      {!isLoggedIn && (
        <ContactFieldset contact={contact} errors={shown.contactErrors} onChange={setContact} />
      )}
      {digitalOnly ? (
        <p className="notice">{CHECKOUT_TEXT.nothingToShip}</p>
      ) : (
        <ShippingPart
          {...{ gift, savedAddresses, chosen, chosenAddress, recipientAddress }}
          {...{ buyer, buyerIsRecipient, setAddress }}
          giftErrors={shown.shownGiftErrors}
          onGift={setGiftState}
          onTyped={() => {
            addressTyped.current = true;
          }}
          onChoose={setChosen}
          recipient={recipientName(session.user)}
          addressErrors={shown.addressErrors}
        />
      )}
      <ShippingActions />
    </StepForm>
  );
}
