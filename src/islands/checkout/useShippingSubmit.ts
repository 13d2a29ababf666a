import { useRef, useState, type SubmitEvent } from 'react';
import { personDetailsSchema, shippingAddressSchema } from '../../../core/address/model';
import { giftSchema } from '../../../core/orders/gift';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import {
  NO_GIFT,
  setGift,
  setGuestData,
  setShippingAddress,
  type CheckoutGift,
  type GuestContact,
} from '../../stores/checkout';
import { postJson } from '../shared/api';
import { errorsOf, named, type NamedAddress } from './shipping-state';
import { focusFirstError, serverAddressErrors, validate } from './validation';

interface Step {
  isLoggedIn: boolean;
  digitalOnly: boolean;
  contact: GuestContact;
  /** The address as typed. */
  address: NamedAddress;
  /** The address as sent: the buyer's name when the shopper wrote none. */
  recipientAddress: NamedAddress;
  gift: CheckoutGift;
  chosenAddress: SavedAddressDto | null;
  /** The account holder's name, for a saved address without one. */
  user: { firstname?: string; lastname?: string } | null | undefined;
  /** Opens a saved address in the form to complete it. */
  openInForm: (address: NamedAddress) => void;
}

/**
 * The shipping step's Continue and the messages it shows: after a first Continue they follow the
 * typing; the server's verdict on one address (a ZIP in another state) goes when it changes.
 */
export function useShippingSubmit(step: Step) {
  const [submitted, setSubmitted] = useState(false);
  const [serverVerdict, setServerVerdict] = useState<{
    for: NamedAddress;
    errors: Record<string, string>;
  } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { isLoggedIn, digitalOnly, contact, address, recipientAddress, gift } = step;
  const refuse = (): void => {
    requestAnimationFrame(() => focusFirstError(form.current));
  };

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

  /** A saved address, with the account holder's name when it has none. */
  async function shipToSaved(chosen: SavedAddressDto) {
    const { _id: _chosenId, ...saved } = chosen;
    const withName = {
      ...saved,
      firstname: saved.firstname || step.user?.firstname || '',
      lastname: saved.lastname || step.user?.lastname || '',
    };
    // A saved Washington address whose ZIP needs its +4 (issue 28) opens in the form to complete.
    const taxErrors = await serverAddressErrors(withName);
    if (taxErrors.zipcode) {
      const opened = named(withName);
      step.openInForm(opened);
      setServerVerdict({ for: opened, errors: taxErrors });
      refuse();
      return;
    }
    setShippingAddress(withName);
    window.location.assign('/billing');
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const giftChoice = digitalOnly ? NO_GIFT : gift;
    const giftCheck = giftChoice.isGift ? validate(giftSchema, giftChoice) : null;
    if (giftCheck && !giftCheck.ok) return refuse();
    setGift(giftChoice);
    if (step.chosenAddress) return shipToSaved(step.chosenAddress);
    const person = isLoggedIn
      ? ({ ok: true, data: null } as const)
      : validate(personDetailsSchema, contact);
    if (digitalOnly) {
      if (!person.ok) return refuse();
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
    if (!person.ok || !place.ok || Object.keys(serverErrors).length > 0) return refuse();
    if (person.data) setGuestData(person.data);
    // A signed-in shopper's new address goes to the account (spec §2); the order goes on anyway.
    if (isLoggedIn) await postJson('/user/addAddress', place.data);
    setShippingAddress(place.data);
    window.location.assign('/billing');
  }

  return { form, onSubmit, contactErrors, addressErrors, shownGiftErrors };
}
