import { addressSchema, type AddressInput } from '../../../core/address/model';
import type { CartItem } from '../../stores/cart';
import type { CheckoutState } from '../../stores/checkout';
import { quoteItems } from '../shared/api';

/**
 * What the billing step's discount code is checked with (issue 42): the cart, the address the tax
 * follows (the shipping one, or for digital items only the billing one as typed so far) and a
 * guest's email, which a once-per-customer code is checked against. null until that address is
 * whole: the quote prices nothing without it.
 */
export function discountQuoteBase(
  cart: CartItem[],
  checkout: CheckoutState,
  digitalOnly: boolean,
  isLoggedIn: boolean,
  billedAddress: AddressInput,
): Record<string, unknown> | null {
  const taxAddress = addressSchema.safeParse(
    digitalOnly ? billedAddress : checkout.shippingAddress,
  );
  if (cart.length === 0 || !taxAddress.success) return null;
  const email = isLoggedIn ? '' : checkout.guestContact.email.trim();
  return {
    items: quoteItems(cart),
    ...(digitalOnly
      ? { shippingAddress: null, billingAddress: taxAddress.data }
      : { shippingAddress: taxAddress.data }),
    ...(email ? { email } : {}),
  };
}
