import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '../../core/discounts/model';
import { ORDER_MESSAGES, type QuoteDto } from '../../core/orders/model';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { NETWORK_ERROR } from '../../src/islands/shared/api';
import { CHECKOUT_TEXT } from '../../src/islands/checkout/messages';
import {
  afterRefusal,
  buildOrderRequest,
  buildQuoteRequest,
  type OrderInput,
} from '../../src/islands/checkout/order-request';
import type { CartItem } from '../../src/stores/cart';
import { initialCheckout, type CheckoutState } from '../../src/stores/checkout';

/** The review page's requests (issue 37 point 3): what it POSTs, built from the checkout and cart. */

const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const PORTLAND = {
  line1: '1 Main St',
  line2: 'Apt 2',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
};
const CARD = {
  paymentMethodId: 'tok_sandbox_visa',
  last4Number: '4242',
  expirationMonth: '12',
  expirationYear: '2034',
  brand: 'visa',
  stored: false,
};
const mug: CartItem = {
  _id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 2,
  supplier: 'warehouse',
  category: 'home',
};
const quote: QuoteDto = {
  items: [
    {
      _id: mug._id,
      title: mug.title,
      variantTitle: null,
      sku: mug.sku,
      image: null,
      alttext: '',
      quantity: 2,
      price: 21,
      available: 40,
    },
  ],
  subtotal: 42,
  salesTax: 0.1035,
  tax: 4.35,
  total: 46.35,
  taxLabel: 'Sales tax',
};
const contact = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' };

function input(change: Partial<CheckoutState> = {}, rest: Partial<OrderInput> = {}): OrderInput {
  const checkout: CheckoutState = {
    ...initialCheckout(),
    shippingAddress: SEATTLE,
    billingAddress: PORTLAND,
    guestContact: contact,
    billingInfo: CARD,
    ...change,
  };
  return { checkout, cart: [mug], digitalOnly: false, isGuest: true, ...rest };
}

describe('buildOrderRequest: the body the review page confirms', () => {
  it("a guest's order: the quote's lines and figures, the cart's supplier, the agreement and contact", () => {
    expect(buildOrderRequest({ ...input(), quote, agreed: true })).toEqual({
      shippingAddress: SEATTLE,
      billingAddress: PORTLAND,
      billingInfo: CARD,
      items: [
        {
          _id: mug._id,
          title: mug.title,
          variantTitle: undefined,
          sku: mug.sku,
          quantity: 2,
          price: 21,
          supplier: 'warehouse',
          giftCard: undefined,
        },
      ],
      subtotal: 42,
      salesTax: 0.1035,
      total: 46.35,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: contact,
      gift: null,
    });
  });

  it('a signed-in shopper sends no contact and has accepted the policy; a gift card code goes along', () => {
    const body = buildOrderRequest({
      ...input({ giftCardCode: 'GIFT-1234' }, { isGuest: false }),
      quote,
      agreed: false,
    });
    expect(body.acceptedReturnPolicy).toBe(true);
    expect(body.isGuest).toBe(false);
    expect(body).not.toHaveProperty('guestContact');
    expect(body.giftCardCode).toBe('GIFT-1234');
  });

  it('a guest who did not agree sends acceptedReturnPolicy false', () => {
    expect(buildOrderRequest({ ...input(), quote, agreed: false }).acceptedReturnPolicy).toBe(
      false,
    );
  });

  it('a gift goes with what ships, never with digital items only (then no shipping address)', () => {
    const gift = {
      isGift: true,
      message: 'Happy birthday',
      hidePrices: true,
      recipientEmail: 'b@x.org',
    };
    expect(buildOrderRequest({ ...input({ gift }), quote, agreed: true }).gift).toEqual({
      message: 'Happy birthday',
      hidePrices: true,
      recipientEmail: 'b@x.org',
    });
    const digital = buildOrderRequest({
      ...input({ gift }, { digitalOnly: true }),
      quote,
      agreed: true,
    });
    expect(digital.gift).toBeNull();
    expect(digital.shippingAddress).toBeNull();
  });

  it('sends the applied discount code (issue 42) with the figures of the quote that took it off', () => {
    const discounted: QuoteDto = {
      ...quote,
      discount: { code: 'WINTER10', amount: 4.2 },
      tax: 3.91,
      total: 41.71,
    };
    const body = buildOrderRequest({
      ...input({ discountCode: 'WINTER10' }),
      quote: discounted,
      agreed: true,
    });
    expect(body).toMatchObject({ discountCode: 'WINTER10', subtotal: 42, total: 41.71 });
    expect(buildOrderRequest({ ...input(), quote, agreed: true })).not.toHaveProperty(
      'discountCode',
    );
  });

  it('the same checkout gives the same JSON: the fingerprint the idempotency key is kept for', () => {
    const a = JSON.stringify(buildOrderRequest({ ...input(), quote, agreed: true }));
    const b = JSON.stringify(buildOrderRequest({ ...input(), quote, agreed: true }));
    expect(a).toBe(b);
  });
});

describe('buildQuoteRequest: what the figures are asked for', () => {
  it('the cart with the shipping address; with digital items only the billing address', () => {
    expect(buildQuoteRequest(input())).toEqual({
      items: [
        {
          _id: mug._id,
          title: mug.title,
          variantTitle: undefined,
          sku: mug.sku,
          quantity: 2,
          price: 19,
          supplier: 'warehouse',
          giftCard: undefined,
        },
      ],
      shippingAddress: SEATTLE,
    });
    expect(buildQuoteRequest(input({ giftCardCode: 'G' }, { digitalOnly: true }))).toMatchObject({
      shippingAddress: null,
      billingAddress: PORTLAND,
      giftCardCode: 'G',
    });
  });
});

describe('buildQuoteRequest with a discount code (issue 42)', () => {
  it("sends the code, with a guest's email for a once-per-customer code", () => {
    expect(buildQuoteRequest(input({ discountCode: 'WINTER10' }))).toMatchObject({
      discountCode: 'WINTER10',
      email: contact.email,
    });
  });

  it("a signed-in shopper's account counts on the server: no email; no code, neither", () => {
    const signedIn = buildQuoteRequest(input({ discountCode: 'WINTER10' }, { isGuest: false }));
    expect(signedIn.discountCode).toBe('WINTER10');
    expect(signedIn).not.toHaveProperty('email');
    expect(buildQuoteRequest(input())).not.toHaveProperty('discountCode');
    expect(buildQuoteRequest(input())).not.toHaveProperty('email');
  });
});

describe('afterRefusal: what a refused confirm shows, keeps and asks again', () => {
  const failure = (status: number, error: string) => ({ ok: false as const, status, error });

  it.each([
    [
      'out of stock',
      failure(409, ORDER_MESSAGES.outOfStock),
      { lines: [CHECKOUT_TEXT.outOfStock, CHECKOUT_TEXT.problemOnOurEnd] },
      true,
      true,
    ],
    [
      'a declined card',
      failure(402, PAYMENT_MESSAGES.declined),
      { lines: [PAYMENT_MESSAGES.declined], changeCard: true },
      true,
      false,
    ],
    [
      'no answer',
      failure(0, NETWORK_ERROR),
      { lines: [CHECKOUT_TEXT.problemOnOurEnd] },
      false,
      false,
    ],
    ['a 503', failure(503, 'x'), { lines: [CHECKOUT_TEXT.problemOnOurEnd] }, false, false],
    [
      'still confirming',
      failure(409, ORDER_MESSAGES.stillConfirming),
      { lines: [ORDER_MESSAGES.stillConfirming] },
      false,
      false,
    ],
    [
      'a changed price',
      failure(409, ORDER_MESSAGES.priceChanged('Mug', '$25.00')),
      { lines: [ORDER_MESSAGES.priceChanged('Mug', '$25.00')] },
      true,
      true,
    ],
  ])('%s', (_name, result, problem, forgetKey, requote) => {
    expect(afterRefusal(result)).toEqual({ problem, forgetKey, requote });
  });

  it("a refused discount code (issue 42): the field's sentence, and the way to go on without it", () => {
    const usedUp = DISCOUNT_MESSAGES.usedUp;
    expect(
      afterRefusal({
        ...failure(409, 'Some of it is not valid.'),
        fields: { discountCode: usedUp },
      }),
    ).toEqual({
      problem: { lines: [usedUp], removeDiscount: true },
      forgetKey: true,
      requote: false,
    });
  });
});
