import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderConfirmed, type QuoteDto } from '../../../core/orders/model';
import OrderConfirmation from '../../../src/islands/checkout/OrderConfirmation';
import ReviewOrder from '../../../src/islands/checkout/ReviewOrder';
import { paymentsAreLive } from '../../../src/islands/checkout/messages';
import { $cart } from '../../../src/stores/cart';
import { $checkout, initialCheckout } from '../../../src/stores/checkout';
import { fakeApi, ok, refused, type Sent } from '../support/fake-api';
import { user } from '../support/user';

/** /checkout (spec §2 Order review, §8 Order confirm): the guest's last step. */

const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const mug = {
  _id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
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
      quantity: 1,
      price: 19,
      available: 40,
    },
  ],
  subtotal: 19,
  salesTax: 0.1035,
  tax: 1.97,
  total: 20.97,
  taxLabel: 'Sales tax',
};
const placed: OrderConfirmed = {
  message: ORDER_MESSAGES.confirmed,
  orderId: 'order-1',
  order: {
    _id: 'order-1',
    orderNumber: 1042,
    shippingStatus: 'unfulfilled',
    paymentStatus: 'paid',
    shippingAddress: SEATTLE,
    billingAddress: SEATTLE,
    items: quote.items,
    subtotal: 19,
    salesTax: 0.1035,
    tax: 1.97,
    total: 20.97,
    isGuest: true,
    guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    payment: { brand: 'visa', last4: '4242' },
    payments: [
      {
        id: 'payment-1',
        method: 'sandbox',
        amountCents: 2097,
        refundedCents: 0,
        last4: '4242',
        brand: 'visa',
      },
    ],
    createdAt: '2025-08-04T17:00:00.000Z',
  },
};

beforeEach(() => {
  history.replaceState(null, '', '/checkout');
  $cart.set([mug]);
  $checkout.set({
    ...initialCheckout(),
    shippingAddress: SEATTLE,
    billingAddress: SEATTLE,
    guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    billingInfo: {
      paymentMethodId: 'tok_sandbox_visa',
      last4Number: '4242',
      expirationMonth: '12',
      expirationYear: '2034',
      brand: 'visa',
      stored: false,
    },
  });
});

const TEST_SITE = 'This is a test site, do not click';

describe('the review page', () => {
  it("a lost answer (503) says 'There is a problem on our end…'; pressing again sends the same key and goes on", async () => {
    const confirms: Sent[] = [];
    const api = fakeApi({
      'POST /orders/quote': ok(quote),
      'POST /orders/orderconfirmation': (sent) => {
        confirms.push(sent);
        // The order was placed, but its answer never reached the browser the first time.
        return confirms.length === 1 ? refused(503, 'Service unavailable') : ok(placed, 201);
      },
    });
    render(<ReviewOrder live={false} />);
    expect(await screen.findByText('$20.97')).toBeVisible();
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: TEST_SITE }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^There is a problem on our end\. Please try again later\.$/,
    );
    expect(location.pathname).toBe('/checkout');

    await user.click(screen.getByRole('button', { name: TEST_SITE }));
    await expect.poll(() => location.pathname).toBe('/orderconfirmation');
    const keys = confirms.map((sent) => sent.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(confirms[1]?.body).toEqual(confirms[0]?.body);
    expect($cart.get()).toEqual([]);
    expect(api.sent('POST /orders/quote')).toHaveLength(1);

    // The confirmation page shows the order the call answered with.
    cleanup();
    render(<OrderConfirmation />);
    expect(screen.getByText(/Order number:/)).toHaveTextContent('Order number: 1042');
  });

  it("an item sold out meanwhile shows 'One of the products is out of stock' and the generic line (spec §8)", async () => {
    const api = fakeApi({
      'POST /orders/quote': ok(quote),
      'POST /orders/orderconfirmation': refused(409, ORDER_MESSAGES.outOfStock),
    });
    render(<ReviewOrder live={false} />);
    await screen.findByText('$20.97');
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: TEST_SITE }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('One of the products is out of stock');
    expect(alert).toHaveTextContent('There is a problem on our end. Please try again later.');
    // The figures are asked for again, for the cart as it now is.
    await expect.poll(() => api.sent('POST /orders/quote').length).toBe(2);
    expect(location.pathname).toBe('/checkout');
  });

  it("the confirm button reads the test-mode notice unless payments are live, then 'Place order'", async () => {
    fakeApi({ 'POST /orders/quote': ok(quote) });
    const { rerender } = render(<ReviewOrder live={false} />);
    expect(await screen.findByRole('button', { name: TEST_SITE })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    rerender(<ReviewOrder live />);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeVisible();
    // Stripe with test keys is still a test site (DECISIONS "The confirm button").
    expect(paymentsAreLive('stripe', 'pk_test_placeholder')).toBe(false);
    expect(paymentsAreLive('sandbox', null)).toBe(false);
    expect(paymentsAreLive('stripe', 'pk_live_placeholder')).toBe(true);
  });
});

describe('the confirmation page', () => {
  it("without an order says 'Oops! Something went wrong while confirming your order.' with Try Again to /checkout (spec §8)", () => {
    history.replaceState(null, '', '/orderconfirmation');
    render(<OrderConfirmation />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Oops! Something went wrong while confirming your order.',
    );
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/checkout');
  });
});
