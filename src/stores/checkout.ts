import { persistentAtom } from '@nanostores/persistent';
import { emptyAddress } from '../../core/address/model';
import { normalizeCode } from '../../core/discounts/model';
import type { OrderItemDto } from '../../core/orders/model';
import type { OrderAddress } from '../../core/orders/statuses';

/**
 * The checkout state (spec §3 Checkout state), kept in localStorage under 'checkout' and changed
 * only through the transitions of spec §4 below. `salesTax` is a rate (a fraction, DECISIONS);
 * `subtotal` is in dollars, both as the server's quote gave them.
 */
export type CheckoutAddress = OrderAddress;

export interface BillingInfo {
  /** The sandbox token or Stripe PaymentMethod id; never a card number. */
  paymentMethodId: string;
  last4Number: string;
  expirationMonth: string;
  expirationYear: string;
  stored: boolean;
  /** A signed-in shopper ticked "Save this card" for this new card. */
  saveCard?: boolean;
  /** visa, mastercard, amex or discover, for "Visa ending in 4242". */
  brand?: string;
}

export interface GuestContact {
  firstname: string;
  lastname: string;
  email: string;
}

/** The shipping step's "This is a gift" (issue 26): off, or its message and choices as typed. */
export interface CheckoutGift {
  isGift: boolean;
  message: string;
  hidePrices: boolean;
  recipientEmail: string;
}

export const NO_GIFT: CheckoutGift = {
  isGift: false,
  message: '',
  hidePrices: false,
  recipientEmail: '',
};

/** A line as the server's quote priced it (the order item shape, with its product id). */
export type CheckoutItem = OrderItemDto & { _id: string };

export interface CheckoutState {
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  billingInfo: BillingInfo;
  guestContact: GuestContact;
  /** Issue 26: whether the order is a gift, with its message and choices. */
  gift: CheckoutGift;
  items: CheckoutItem[];
  salesTax: number;
  subtotal: number;
  /**
   * The idempotency key of the confirmation in progress and the order it was made for: a retried
   * confirm (a network failure, a reload) sends the same key, so it can never order twice.
   */
  confirmation: { key: string; fingerprint: string } | null;
  /** A gift card's code entered at the billing step (issue 26): its balance pays first. */
  giftCardCode?: string;
  /**
   * A discount code the server accepted (issue 42): one per order, sent with every quote and with
   * the order, which check it again. The figures always come from the server's answer.
   */
  discountCode?: string;
}

export const initialCheckout = (): CheckoutState => ({
  shippingAddress: emptyAddress(),
  billingAddress: emptyAddress(),
  billingInfo: {
    paymentMethodId: '',
    last4Number: '',
    expirationMonth: '',
    expirationYear: '',
    stored: false,
  },
  guestContact: { firstname: '', lastname: '', email: '' },
  gift: { ...NO_GIFT },
  items: [],
  salesTax: 0,
  subtotal: 0,
  confirmation: null,
});

export const $checkout = persistentAtom<CheckoutState>('checkout', initialCheckout(), {
  encode: (value) => JSON.stringify(value),
  // A stored value from an older shape, or a corrupt one, is completed with the start values.
  decode: (raw) => {
    try {
      return { ...initialCheckout(), ...(JSON.parse(raw) as Partial<CheckoutState>) };
    } catch {
      return initialCheckout();
    }
  },
});

function update(change: Partial<CheckoutState>): void {
  $checkout.set({ ...$checkout.get(), ...change });
}

export function replaceBillingAddress(address: CheckoutAddress): void {
  update({ billingAddress: { ...address } });
}

/** Replaces the billing info with a value, or with one derived from the current info. */
export function replaceBillingInfo(
  next: BillingInfo | ((current: BillingInfo) => BillingInfo),
): void {
  const current = $checkout.get().billingInfo;
  update({ billingInfo: typeof next === 'function' ? next(current) : { ...next } });
}

/** "Use another card" after a decline: the declined card is forgotten, the card form comes empty. */
export function forgetCard(): void {
  update({ billingInfo: initialCheckout().billingInfo });
}

export function setShippingAddress(address: CheckoutAddress): void {
  update({ shippingAddress: { ...address } });
}

/** The shipping step's gift choices (issue 26). */
export function setGift(gift: CheckoutGift): void {
  update({ gift: { ...gift } });
}

/** The guest's contact details (spec: "set guest data"). */
export function setGuestData(contact: GuestContact): void {
  update({ guestContact: { ...contact } });
}

/** The review page's quote: lines, rate and subtotal as the server computed them. */
export function setOrderSummary(
  summary: Pick<CheckoutState, 'items' | 'salesTax' | 'subtotal'>,
): void {
  update({ items: summary.items, salesTax: summary.salesTax, subtotal: summary.subtotal });
}

/** Keeps the discount code the server's quote accepted (issue 42); one per order. */
export function applyDiscountCode(code: string): void {
  update({ discountCode: normalizeCode(code) });
}

/** The shopper's "Remove": the order goes on without a code. */
export function removeDiscountCode(): void {
  const { discountCode: _removed, ...rest } = $checkout.get();
  $checkout.set(rest);
}

/** 128 random bits as hex (crypto.randomUUID exists only on https and localhost). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key to send with a confirm of this order: the same while the order stays the same. */
export function confirmationKeyFor(fingerprint: string): string {
  const current = $checkout.get().confirmation;
  if (current && current.fingerprint === fingerprint) return current.key;
  const key = `confirm-${randomId()}`;
  update({ confirmation: { key, fingerprint } });
  return key;
}

/** After a definite answer (a decline, a refusal) the next confirm is a new attempt. */
export function forgetConfirmationKey(): void {
  update({ confirmation: null });
}

/** Finish checkout: everything back to its start values (spec §4). */
export function finishCheckout(): void {
  $checkout.set(initialCheckout());
}

/** Whether the shipping step has been completed with an address. */
export function hasShippingAddress(state: CheckoutState): boolean {
  return state.shippingAddress.line1 !== '' && state.shippingAddress.zipcode !== '';
}

/**
 * Whether the shipping step must come first: it gives the shipping address, and a guest's name
 * and email (all a guest gives there when the cart is digital items only, DECISIONS
 * "Digital-only orders").
 */
export function needsShippingStep(
  state: CheckoutState,
  digitalOnly: boolean,
  isLoggedIn: boolean,
): boolean {
  if (!digitalOnly) return !hasShippingAddress(state);
  return !isLoggedIn && state.guestContact.email === '';
}
