import { z } from 'zod';
import {
  shippingAddressMaybeNamedSchema,
  type Address,
  type RecipientName,
} from '../address/model';

/**
 * A customer's saved addresses (spec §2 Addresses, §3 Address, §7 /user/addresses). The same
 * schema as the checkout's address form; keep this file free of server imports.
 */

/**
 * spec §3 Address: _id, line1, line2 (optional), city, state, zipcode, and the recipient's
 * firstname and lastname (issue 26).
 */
export type SavedAddressDto = Address & RecipientName & { _id: string };

/**
 * POST /user/addAddress {firstname, lastname, line1, line2, city, state, zipcode}. The forms send
 * the name (`shippingAddressSchema`); a name left out is the account holder's.
 */
export const addAddressBody = shippingAddressMaybeNamedSchema;

/** DELETE /user/address {_id}. */
export const deleteAddressBody = z.object({ _id: z.string().max(100) });

/** A customer keeps at most this many addresses. */
export const MAX_SAVED_ADDRESSES = 20;

export const ADDRESS_BOOK_MESSAGES = {
  /** spec §8 */
  addFailed: 'Unable to add address',
  loadFailed: 'Failed to load addresses.',
  deleteFailed: 'Unable to delete address.',
  notFound: 'We could not find that address.',
  tooMany: `You can keep at most ${MAX_SAVED_ADDRESSES} addresses. Please delete one first.`,
  empty: 'You have no saved addresses yet.',
} as const;
