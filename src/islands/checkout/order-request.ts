import type { QuoteDto } from '../../../core/orders/model';
import type { CartItem } from '../../stores/cart';
import type { CheckoutState } from '../../stores/checkout';
import type { ApiResult } from '../shared/api';
import { quoteItems } from '../shared/api';
import { shopperMustFix } from './confirm-outcome';
import { CHECKOUT_TEXT } from './messages';
import { sameLine } from '../../../core/cart/rules';

/** What the review page reads to ask for a quote and to place the order. */
export interface OrderInput {
  checkout: CheckoutState;
  cart: CartItem[];
  /** Digital items only: nothing ships, the tax follows the billing address (DECISIONS). */
  digitalOnly: boolean;
  isGuest: boolean;
}

/** The addresses the tax follows: the shipping one, or the billing one when nothing ships. */
export function taxAddressesFor({ checkout, digitalOnly }: OrderInput) {
  return digitalOnly
    ? { shippingAddress: null, billingAddress: checkout.billingAddress }
    : { shippingAddress: checkout.shippingAddress };
}

/** A gift (issue 26): only what ships can be one. */
export function giftOf({ checkout, digitalOnly }: OrderInput) {
  return !digitalOnly && checkout.gift.isGift ? checkout.gift : null;
}

/**
 * The discount code (issue 42) as the quote takes it: with a guest's email, which a
 * once-per-customer code is checked against (a signed-in shopper's account counts on the server).
 */
export function discountFields({ checkout, isGuest }: Pick<OrderInput, 'checkout' | 'isGuest'>): {
  discountCode?: string;
  email?: string;
} {
  if (!checkout.discountCode) return {};
  const email = isGuest ? checkout.guestContact.email.trim() : '';
  return { discountCode: checkout.discountCode, ...(email ? { email } : {}) };
}

/** The body of POST /orders/quote for this cart and these addresses. */
export function buildQuoteRequest(input: OrderInput) {
  const { checkout, cart } = input;
  return {
    items: quoteItems(cart),
    ...taxAddressesFor(input),
    ...(checkout.giftCardCode ? { giftCardCode: checkout.giftCardCode } : {}),
    ...discountFields(input),
  };
}

/**
 * The body of POST /orders/orderconfirmation: the lines as the server priced them (the quote),
 * each with what only the cart knows (its supplier, a gift card's details), the addresses, the
 * card, the figures the shopper saw and the agreement. Its JSON is also the fingerprint of the
 * order the idempotency key belongs to (stores/checkout `confirmationKeyFor`).
 */
export function buildOrderRequest(input: OrderInput & { quote: QuoteDto; agreed: boolean }) {
  const { checkout, cart, quote, isGuest, agreed } = input;
  const gift = giftOf(input);
  return {
    shippingAddress: taxAddressesFor(input).shippingAddress,
    billingAddress: checkout.billingAddress,
    billingInfo: checkout.billingInfo,
    items: quote.items.map((item) => {
      const line = cart.find((entry) => sameLine(entry, { ...item, _id: item._id ?? '' }));
      return {
        _id: item._id,
        title: item.title,
        variantTitle: item.variantTitle ?? undefined,
        sku: item.sku,
        quantity: item.quantity,
        price: item.price,
        supplier: line?.supplier,
        giftCard: line?.giftCard,
        personalization: item.personalization,
      };
    }),
    ...(checkout.giftCardCode ? { giftCardCode: checkout.giftCardCode } : {}),
    // The code the quote applied: the server checks it again and claims its use with the order.
    ...(checkout.discountCode ? { discountCode: checkout.discountCode } : {}),
    subtotal: quote.subtotal,
    salesTax: quote.salesTax,
    total: quote.total,
    acceptedReturnPolicy: isGuest ? agreed : true,
    isGuest,
    ...(isGuest ? { guestContact: checkout.guestContact } : {}),
    gift: gift
      ? { message: gift.message, hidePrices: gift.hidePrices, recipientEmail: gift.recipientEmail }
      : null,
  };
}

/** What the review page shows after a refused confirm. */
export type Problem = {
  lines: string[];
  changeCard?: boolean;
  /** The discount code is why (issue 42): the page offers to go on without it. */
  removeDiscount?: boolean;
} | null;

/**
 * What a refused confirm leads to: the sentences shown, whether the idempotency key is let go
 * (only a refusal the shopper must fix; otherwise pressing again asks about the same order, never
 * a second one) and whether the quote is asked again.
 */
export function afterRefusal(result: Extract<ApiResult<unknown>, { ok: false }>): {
  problem: NonNullable<Problem>;
  forgetKey: boolean;
  requote: boolean;
} {
  const forgetKey = shopperMustFix(result);
  // The code no longer applies (used up meanwhile, ended, used before): the reason, and no new
  // quote with the same code, which would only say it again.
  const discountRefusal = result.fields?.discountCode;
  if (discountRefusal) {
    return {
      problem: { lines: [discountRefusal], removeDiscount: true },
      forgetKey,
      requote: false,
    };
  }
  if (result.error === CHECKOUT_TEXT.serverOutOfStock) {
    return {
      problem: { lines: [CHECKOUT_TEXT.outOfStock, CHECKOUT_TEXT.problemOnOurEnd] },
      forgetKey,
      requote: true,
    };
  }
  if (result.status === 402 || result.status === 404) {
    return { problem: { lines: [result.error], changeCard: true }, forgetKey, requote: false };
  }
  if (result.status === 0 || result.status >= 500) {
    return { problem: { lines: [CHECKOUT_TEXT.problemOnOurEnd] }, forgetKey, requote: false };
  }
  // Still confirming, or too many attempts: the server's sentence, the same order kept. Any other
  // refusal the shopper must fix: the sentence, and the figures asked again.
  return { problem: { lines: [result.error] }, forgetKey, requote: forgetKey };
}
