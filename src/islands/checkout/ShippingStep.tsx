import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  PERSON_LABELS,
  personDetailsSchema,
  shippingAddressSchema,
} from '../../../core/address/model';
import { shipsNothing } from '../../../core/cart/rules';
import { ORDER_MESSAGES } from '../../../core/orders/model';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import {
  $checkout,
  NO_GIFT,
  setGift,
  setGuestData,
  setShippingAddress,
  type CheckoutAddress,
  type CheckoutGift,
  type GuestContact,
} from '../../stores/checkout';
import { giftSchema } from '../../../core/orders/gift';
import { GiftFields } from './GiftFields';
import { useDomInitialState } from '../../lib/early-form';
import { useHydrated } from '../shell/useHydrated';
import { AddressFields } from './AddressFields';
import { CHECKOUT_TEXT } from './messages';
import { recipientName, SavedAddressCards } from './SavedAddressCards';
import { StepForm } from './StepForm';
import { getJson, postJson } from './api';
import { TextField } from './TextField';
import { focusFirstError, serverAddressErrors, validate } from './validation';

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
type Saved = { kind: 'loading' } | { kind: 'ready'; addresses: SavedAddressDto[] };

const sameAddress = (a: SavedAddressDto, b: { line1: string; zipcode: string; city: string }) =>
  a.line1 === b.line1 && a.zipcode === b.zipcode && a.city === b.city;

function errorsOf(result: ReturnType<typeof validate>): Record<string, string> {
  return result.ok ? {} : result.errors;
}

const EMPTY_CONTACT: GuestContact = { firstname: '', lastname: '', email: '' };
/** The shipping address with its recipient's name (issue 26): the buyer's unless changed. */
type NamedAddress = Required<CheckoutAddress>;
const EMPTY_ADDRESS: NamedAddress = {
  firstname: '',
  lastname: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipcode: '',
};
const named = (address: CheckoutAddress): NamedAddress => ({
  ...address,
  firstname: address.firstname ?? '',
  lastname: address.lastname ?? '',
});
const NO_LINES: never[] = [];

const untouched = (values: object) => Object.values(values).every((value) => value === '');

export default function ShippingStep() {
  const hydrated = useHydrated();
  const storedCart = useStore($cart);
  const saved = useStore($checkout);
  const session = useStore($auth);
  // The server knows neither the cart nor the session: until hydrated, a guest with a cart.
  const cart = hydrated ? storedCart : NO_LINES;
  const isLoggedIn = hydrated && session.isLoggedIn;
  const digitalOnly = shipsNothing(cart);
  /** The saved addresses once fetched (a signed-in shopper's), null before. */
  const [fetched, setFetched] = useState<SavedAddressDto[] | null>(null);
  const book: Saved =
    isLoggedIn && fetched === null
      ? { kind: 'loading' }
      : { kind: 'ready', addresses: fetched ?? [] };
  /** The saved address chosen, or null: ship to the address typed in the form. */
  const [chosen, setChosen] = useState<string | null>(null);
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [contact, setContact] = useDomInitialState(EMPTY_CONTACT, (name) => `guest-${name}`);
  const [address, setAddress] = useDomInitialState(EMPTY_ADDRESS, (name) => `shipping-${name}`);
  // "This is a gift" (issue 26): the box, the message, the choices.
  const [gift, setGiftState] = useDomInitialState<CheckoutGift>(NO_GIFT, (name) => `gift-${name}`);
  /** Whether the shopper typed an address (before hydration too): saved ones then stay unchosen. */
  const addressTyped = useRef(!untouched(address));
  const [submitted, setSubmitted] = useState(false);
  // The server's verdict on one address (a ZIP in another state); it goes when the address changes.
  const [serverVerdict, setServerVerdict] = useState<{
    for: typeof address;
    errors: Record<string, string>;
  } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Once hydrated, a group of fields the shopper left empty takes what the checkout stored (a
  // whole group, so a typed address never gets another address's second line or city).
  useEffect(() => {
    if (!hydrated) return;
    const stored = $checkout.get();
    setContact((current) => (untouched(current) ? stored.guestContact : current));
    setAddress((current) => (untouched(current) ? named(stored.shippingAddress) : current));
    setGiftState((current) => (current.isGift ? current : { ...NO_GIFT, ...stored.gift }));
  }, [hydrated, setContact, setAddress, setGiftState]);

  // The page's early mark (DigitalCartMark.astro) follows the cart as this island reads it.
  useEffect(() => {
    if (hydrated) document.documentElement.toggleAttribute('data-digital-cart', digitalOnly);
  }, [hydrated, digitalOnly]);

  // An empty cart has nothing to ship: back to the cart; digital items only, signed in: nothing to ask.
  useEffect(() => {
    if (hydrated && cart.length === 0) window.location.replace('/cart');
    else if (digitalOnly && isLoggedIn) window.location.replace('/billing');
  }, [hydrated, cart.length, digitalOnly, isLoggedIn]);

  // A signed-in shopper's saved addresses: the first one (or the one chosen before) preselected,
  // unless an address was typed before the page was ready: that one is kept.
  useEffect(() => {
    if (!isLoggedIn || digitalOnly) return;
    let active = true;
    void getJson<SavedAddressDto[]>('/user/addresses').then((result) => {
      if (!active) return;
      const addresses = result.ok ? result.data : [];
      setFetched(addresses);
      if (addressTyped.current) return;
      const previous = addresses.find((entry) => sameAddress(entry, saved.shippingAddress));
      setChosen((previous ?? addresses[0])?._id ?? null);
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoggedIn]);

  // The recipient is the buyer (the account holder, or the guest's contact) until the shopper
  // writes another name: an address whose name fields are both empty shows and sends the buyer's.
  // A gift goes to someone else: its recipient's name is left for the shopper to write (issue 39).
  const buyer = isLoggedIn
    ? { firstname: session.user?.firstname ?? '', lastname: session.user?.lastname ?? '' }
    : { firstname: contact.firstname, lastname: contact.lastname };
  const buyerIsRecipient = !gift.isGift || digitalOnly;
  const recipientAddress: NamedAddress =
    buyerIsRecipient && address.firstname === '' && address.lastname === ''
      ? { ...address, ...buyer }
      : address;

  const savedAddresses = book.kind === 'ready' ? book.addresses : [];
  const chosenAddress = savedAddresses.find((entry) => entry._id === chosen) ?? null;

  // After a first Continue, messages follow the typing.
  const contactErrors =
    submitted && !isLoggedIn ? errorsOf(validate(personDetailsSchema, contact)) : {};
  const addressErrors =
    serverVerdict?.for === address
      ? serverVerdict.errors
      : submitted
        ? errorsOf(validate(shippingAddressSchema, recipientAddress))
        : {};
  const giftErrors = gift.isGift ? errorsOf(validate(giftSchema, gift)) : {};
  // The message's errors show as it is typed (its counter with them); the email's after Continue.
  const shownGiftErrors = submitted ? giftErrors : { message: giftErrors.message ?? '' };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const giftChoice = digitalOnly ? NO_GIFT : gift;
    const giftCheck = giftChoice.isGift ? validate(giftSchema, giftChoice) : null;
    if (giftCheck && !giftCheck.ok) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setGift(giftChoice);
    if (chosenAddress) {
      const { _id: _chosenId, ...address } = chosenAddress;
      // A saved address without a name is the account holder's.
      const withName = {
        ...address,
        firstname: address.firstname || session.user?.firstname || '',
        lastname: address.lastname || session.user?.lastname || '',
      };
      // A saved Washington address whose ZIP needs its +4 (issue 28) opens in the form to complete.
      const taxErrors = await serverAddressErrors(withName);
      if (taxErrors.zipcode) {
        addressTyped.current = true;
        setChosen(null);
        const opened = named(withName);
        setAddress(opened);
        setServerVerdict({ for: opened, errors: taxErrors });
        requestAnimationFrame(() => focusFirstError(form.current));
        return;
      }
      setShippingAddress(withName);
      window.location.assign('/billing');
      return;
    }
    const person = isLoggedIn
      ? ({ ok: true, data: null } as const)
      : validate(personDetailsSchema, contact);
    if (digitalOnly) {
      if (!person.ok) {
        requestAnimationFrame(() => focusFirstError(form.current));
        return;
      }
      if (person.data) setGuestData(person.data);
      window.location.assign('/billing');
      return;
    }
    const place = validate(shippingAddressSchema, recipientAddress);
    // The server knows every ZIP code (one in another state is refused there, not here).
    const serverErrors = place.ok ? await serverAddressErrors(place.data) : {};
    setServerVerdict(
      Object.keys(serverErrors).length > 0 ? { for: address, errors: serverErrors } : null,
    );
    if (!person.ok || !place.ok || Object.keys(serverErrors).length > 0) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    if (person.data) setGuestData(person.data);
    // A signed-in shopper's new address goes to the account (spec §2); the order goes on anyway.
    if (isLoggedIn) await postJson('/user/addAddress', place.data);
    setShippingAddress(place.data);
    window.location.assign('/billing');
  }

  if (hydrated && cart.length === 0) return <p>{ORDER_MESSAGES.noItems}</p>;
  if (digitalOnly && isLoggedIn) return <p role="status">{CHECKOUT_TEXT.nothingToShip}</p>;

  const contactField = (name: keyof typeof contact) => ({
    id: `guest-${name}`,
    label: PERSON_LABELS[name],
    value: contact[name],
    error: contactErrors[name],
    onChange: (value: string) => setContact({ ...contact, [name]: value }),
  });

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
        <fieldset>
          <legend>Contact</legend>
          <p className="hint">We only use your email for this order. No phone number needed.</p>
          <div className="field-row">
            <TextField {...contactField('firstname')} autoComplete="given-name" required />
            <TextField {...contactField('lastname')} autoComplete="family-name" required />
          </div>
          <TextField {...contactField('email')} type="email" autoComplete="email" required />
        </fieldset>
      )}
      {digitalOnly ? (
        <p className="notice">{CHECKOUT_TEXT.nothingToShip}</p>
      ) : (
        // Hidden before hydration when the page is marked digital-only (DigitalCartMark.astro).
        <div className="shipping-only">
          {/* Before the address: a gift's recipient is who the address below is for. The last
              field before Continue stays the ZIP code (issue 13 point 5). */}
          <GiftFields value={gift} errors={shownGiftErrors} onChange={setGiftState} />
          {savedAddresses.length > 0 && (
            <SavedAddressCards
              legend="Shipping address"
              name="saved-address"
              addresses={savedAddresses}
              chosen={chosen}
              onChoose={setChosen}
              otherLabel="Ship to another address"
              recipient={recipientName(session.user)}
            />
          )}
          {!chosenAddress && (
            <AddressFields
              idPrefix="shipping"
              section="shipping"
              title={savedAddresses.length > 0 ? 'Another address' : 'Shipping address'}
              value={recipientAddress}
              withName
              errors={addressErrors}
              onChange={(next, changed) => {
                addressTyped.current = true;
                // A field other than the name changes only itself: the name stays as it was,
                // "the buyer's" (empty here, following their contact fields) until typed.
                if (changed !== 'firstname' && changed !== 'lastname') {
                  setAddress((current) => ({ ...current, [changed]: next[changed] ?? '' }));
                  return;
                }
                // The buyer's name typed back stays "the buyer's".
                const sameAsBuyer =
                  buyerIsRecipient &&
                  next.firstname === buyer.firstname &&
                  next.lastname === buyer.lastname;
                setAddress(named(sameAsBuyer ? { ...next, firstname: '', lastname: '' } : next));
              }}
            />
          )}
          <p className="hint">
            We ship only to the continental United States (excludes Alaska + Hawaii). Sales tax is
            calculated from the shipping address.
          </p>
        </div>
      )}
      {/* The primary action comes first in tab order (issue 13 point 5). */}
      <div className="actions">
        <button type="submit" className="button primary">
          Continue
        </button>
        <a href="/cart">Back to cart</a>
      </div>
    </StepForm>
  );
}
