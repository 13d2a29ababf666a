import type { CheckoutGift, GuestContact } from '../../stores/checkout';
import type { NamedAddress } from './shipping-state';

type Person = { firstname: string; lastname: string };

/**
 * Who the shipping step's parcel goes to. The recipient is the buyer (the account holder, or the
 * guest's contact) until the shopper writes another name: an address whose name fields are both
 * empty shows and sends the buyer's. A gift goes to someone else: its recipient's name is left
 * for the shopper to write (issue 39). A digital-only cart ships nothing, so its buyer is its
 * recipient.
 */
export function shippingRecipient(input: {
  isLoggedIn: boolean;
  user: Person | null | undefined;
  contact: GuestContact;
  gift: CheckoutGift;
  digitalOnly: boolean;
  address: NamedAddress;
}) {
  const { isLoggedIn, user, contact, gift, digitalOnly, address } = input;
  const buyer: Person = isLoggedIn
    ? { firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' }
    : { firstname: contact.firstname, lastname: contact.lastname };
  const buyerIsRecipient = !gift.isGift || digitalOnly;
  const recipientAddress: NamedAddress =
    buyerIsRecipient && address.firstname === '' && address.lastname === ''
      ? { ...address, ...buyer }
      : address;
  return { buyer, buyerIsRecipient, recipientAddress };
}
