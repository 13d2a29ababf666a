import { PERSON_LABELS } from '../../../core/address/model';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import type { CheckoutGift, GuestContact } from '../../stores/checkout';
import { AddressFields } from '../shared/AddressFields';
import { GiftFields } from './GiftFields';
import { SavedAddressCards } from './SavedAddressCards';
import { named, type NamedAddress } from './shipping-state';
import { TextField } from '../shared/TextField';

/** A guest's "Contact": first and last name and email. */
export function ContactFieldset({
  contact,
  errors,
  onChange,
}: {
  contact: GuestContact;
  errors: Record<string, string>;
  onChange: (contact: GuestContact) => void;
}) {
  const field = (name: keyof GuestContact) => ({
    id: `guest-${name}`,
    label: PERSON_LABELS[name],
    value: contact[name],
    error: errors[name],
    onChange: (value: string) => onChange({ ...contact, [name]: value }),
  });
  return (
    <fieldset>
      <legend>Contact</legend>
      <p className="hint">We only use your email for this order. No phone number needed.</p>
      <div className="field-row">
        <TextField {...field('firstname')} autoComplete="given-name" required />
        <TextField {...field('lastname')} autoComplete="family-name" required />
      </div>
      <TextField {...field('email')} type="email" autoComplete="email" required />
    </fieldset>
  );
}

interface ShippingPartProps {
  gift: CheckoutGift;
  giftErrors: Record<string, string>;
  onGift: (gift: CheckoutGift) => void;
  savedAddresses: SavedAddressDto[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
  chosenAddress: SavedAddressDto | null;
  recipient: string;
  recipientAddress: NamedAddress;
  addressErrors: Record<string, string>;
  /** The buyer's name, and whether the buyer is the recipient (no gift). */
  buyer: { firstname: string; lastname: string };
  buyerIsRecipient: boolean;
  /** Called when the shopper types into the address. */
  onTyped: () => void;
  setAddress: (change: NamedAddress | ((current: NamedAddress) => NamedAddress)) => void;
}

/** What only a cart that ships asks: the gift, the saved addresses, the address form. */
export function ShippingPart(props: ShippingPartProps) {
  const { gift, savedAddresses, chosenAddress, buyer, buyerIsRecipient, setAddress } = props;
  return (
    // Hidden before hydration when the page is marked digital-only (DigitalCartMark.astro).
    <div className="shipping-only">
      {/* Before the address: a gift's recipient is who the address below is for. The last
          field before Continue stays the ZIP code (issue 13 point 5). */}
      <GiftFields value={gift} errors={props.giftErrors} onChange={props.onGift} />
      {savedAddresses.length > 0 && (
        <SavedAddressCards
          legend="Shipping address"
          name="saved-address"
          addresses={savedAddresses}
          chosen={props.chosen}
          onChoose={props.onChoose}
          otherLabel="Ship to another address"
          recipient={props.recipient}
        />
      )}
      {!chosenAddress && (
        <AddressFields
          idPrefix="shipping"
          section="shipping"
          title={savedAddresses.length > 0 ? 'Another address' : 'Shipping address'}
          value={props.recipientAddress}
          withName
          errors={props.addressErrors}
          onChange={(next, changed) => {
            props.onTyped();
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
  );
}

/** The step's actions; the primary one comes first in tab order (issue 13 point 5). */
export function ShippingActions() {
  return (
    <div className="actions">
      <button type="submit" className="button primary">
        Continue
      </button>
      <a href="/cart">Back to cart</a>
    </div>
  );
}
