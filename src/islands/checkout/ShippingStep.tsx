import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  addressSchema,
  PERSON_LABELS,
  personDetailsSchema,
} from '../../../api/modules/address/model';
import { ORDER_MESSAGES } from '../../../api/modules/orders/model';
import { $cart } from '../../stores/cart';
import { $checkout, setGuestData, setShippingAddress } from '../../stores/checkout';
import { AddressFields } from './AddressFields';
import { TextField } from './TextField';
import { focusFirstError, validate } from './validation';

/** /shipping: the guest's name and email, then the shipping address (spec §2 Shipping step). */
export default function ShippingStep() {
  const cart = useStore($cart);
  const saved = useStore($checkout);
  const [contact, setContact] = useState(saved.guestContact);
  const [address, setAddress] = useState(saved.shippingAddress);
  const [contactErrors, setContactErrors] = useState<Record<string, string>>({});
  const [addressErrors, setAddressErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // An empty cart has nothing to ship: back to the cart.
  useEffect(() => {
    if (cart.length === 0) window.location.replace('/cart');
  }, [cart.length]);

  // After a first Continue, messages follow the typing.
  useEffect(() => {
    if (!submitted) return;
    const person = validate(personDetailsSchema, contact);
    setContactErrors(person.ok ? {} : person.errors);
    const place = validate(addressSchema, address);
    setAddressErrors(place.ok ? {} : place.errors);
  }, [submitted, contact, address]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const person = validate(personDetailsSchema, contact);
    const place = validate(addressSchema, address);
    setContactErrors(person.ok ? {} : person.errors);
    setAddressErrors(place.ok ? {} : place.errors);
    if (!person.ok || !place.ok) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setGuestData(person.data);
    setShippingAddress(place.data);
    window.location.assign('/billing');
  }

  if (cart.length === 0) return <p>{ORDER_MESSAGES.noItems}</p>;

  const contactField = (name: keyof typeof contact) => ({
    id: `guest-${name}`,
    label: PERSON_LABELS[name],
    value: contact[name],
    error: contactErrors[name],
    onChange: (value: string) => setContact({ ...contact, [name]: value }),
  });

  return (
    <form ref={form} className="checkout-form" noValidate onSubmit={onSubmit}>
      <fieldset>
        <legend>Contact</legend>
        <p className="hint">We only use your email for this order. No phone number needed.</p>
        <div className="field-row">
          <TextField {...contactField('firstname')} autoComplete="given-name" required />
          <TextField {...contactField('lastname')} autoComplete="family-name" required />
        </div>
        <TextField {...contactField('email')} type="email" autoComplete="email" required />
      </fieldset>
      <AddressFields
        idPrefix="shipping"
        section="shipping"
        title="Shipping address"
        value={address}
        errors={addressErrors}
        onChange={setAddress}
      />
      <p className="hint">
        We ship only to the continental United States (excludes Alaska + Hawaii). Sales tax is
        calculated from the shipping address.
      </p>
      <div className="actions">
        <a href="/cart">Back to cart</a>
        <button type="submit" className="button primary">
          Continue
        </button>
      </div>
    </form>
  );
}
