import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '../../../core/discounts/model';
import type { QuoteDto } from '../../../core/orders/model';
import { CartDiscount } from '../../../src/islands/cart/CartDiscount';
import DiscountCode from '../../../src/islands/checkout/DiscountCode';
import ReviewOrder from '../../../src/islands/checkout/ReviewOrder';
import { $cart } from '../../../src/stores/cart';
import { $checkout, initialCheckout } from '../../../src/stores/checkout';
import { fakeApi, ok, refused } from '../support/fake-api';
import { user } from '../support/user';

/*
 * Issue 42 at checkout: the discount code's field (Apply asks the server's quote; its refusal
 * shows under the field; an applied code is kept with Remove) and its own line in the cart and
 * review summaries, with the figures the server's quote gave.
 */

const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const candle = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  title: 'Douglas Fir Soy Candle',
  sku: 'EG-CANDLE-FIR',
  price: 26,
  quantity: 1,
  supplier: 'local-artisan',
  category: 'home',
};
const GUEST = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' };
const quote: QuoteDto = {
  items: [
    { ...candle, variantTitle: null, image: null, alttext: '', available: 40, discount: 2.6 },
  ],
  subtotal: 26,
  discount: { code: 'WINTER10', amount: 2.6 },
  salesTax: 0.1035,
  tax: 2.42,
  total: 25.82,
  taxLabel: 'Sales tax',
};
const request = { items: [candle], shippingAddress: SEATTLE, email: GUEST.email };

beforeEach(() => {
  $cart.set([candle]);
  $checkout.set({ ...initialCheckout(), shippingAddress: SEATTLE, guestContact: GUEST });
});

/** The field as the billing step shows it, following the checkout's code as the step does. */
function Field() {
  return <DiscountCode code={$checkout.get().discountCode} request={request} />;
}

describe('the discount code field', () => {
  it("shows the server's sentence under the field and keeps no code", async () => {
    const api = fakeApi({
      'POST /orders/quote': refused(400, 'Some of the information you sent is not valid.', {
        discountCode: DISCOUNT_MESSAGES.alreadyUsed,
      }),
    });
    render(<Field />);
    const field = screen.getByLabelText('Discount code');
    await user.type(field, 'winter10{Enter}');
    expect(await screen.findByText(DISCOUNT_MESSAGES.alreadyUsed)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(DISCOUNT_MESSAGES.alreadyUsed);
    expect(api.sent('POST /orders/quote')[0]!.body).toMatchObject({
      discountCode: 'winter10',
      email: GUEST.email,
      shippingAddress: SEATTLE,
    });
    expect($checkout.get().discountCode).toBeUndefined();
  });

  it('keeps an accepted code in the checkout, with Remove, which drops it', async () => {
    fakeApi({ 'POST /orders/quote': ok(quote) });
    const { rerender } = render(<Field />);
    await user.type(screen.getByLabelText('Discount code'), 'winter10');
    await user.click(screen.getByRole('button', { name: 'Apply discount code' }));
    await screen.findByText(DISCOUNT_MESSAGES.applied, { exact: false });
    expect($checkout.get().discountCode).toBe('WINTER10');
    rerender(<Field />);
    const remove = screen.getByRole('button', { name: 'Remove WINTER10' });
    await user.click(remove);
    expect($checkout.get().discountCode).toBeUndefined();
  });
});

describe("the applied code's line", () => {
  it("the review shows it between subtotal and tax, and the order sends the code with the quote's total", async () => {
    $checkout.set({
      ...$checkout.get(),
      billingAddress: SEATTLE,
      discountCode: 'WINTER10',
      billingInfo: {
        paymentMethodId: 'tok_sandbox_visa',
        last4Number: '4242',
        expirationMonth: '12',
        expirationYear: '2034',
        brand: 'visa',
        stored: false,
      },
    });
    const api = fakeApi({
      'POST /orders/quote': ok(quote),
      'POST /orders/orderconfirmation': refused(409, DISCOUNT_MESSAGES.usedUp, {
        discountCode: DISCOUNT_MESSAGES.usedUp,
      }),
    });
    render(<ReviewOrder live={false} />);
    const row = (await screen.findByText('Discount (WINTER10)')).closest('div')!;
    expect(within(row).getByText('−$2.60')).toBeInTheDocument();
    expect(screen.getByText('$25.82')).toBeInTheDocument();
    expect(api.sent('POST /orders/quote')[0]!.body).toMatchObject({
      discountCode: 'WINTER10',
      email: GUEST.email,
    });

    await user.click(screen.getByRole('checkbox', { name: /Return Policy/ }));
    await user.click(screen.getByRole('button', { name: 'This is a test site, do not click' }));
    expect(api.sent('POST /orders/orderconfirmation')[0]!.body).toMatchObject({
      discountCode: 'WINTER10',
      subtotal: 26,
      total: 25.82,
    });
    // Refused for the code: its sentence, and the way on without it.
    expect(await screen.findByRole('alert')).toHaveTextContent(DISCOUNT_MESSAGES.usedUp);
    await user.click(screen.getByRole('button', { name: 'Remove the code and continue' }));
    expect($checkout.get().discountCode).toBeUndefined();
  });

  it("the cart shows the server's amount once the address is known, and Remove", async () => {
    $checkout.set({ ...$checkout.get(), discountCode: 'WINTER10' });
    const api = fakeApi({ 'POST /orders/quote': ok(quote) });
    render(<CartDiscount items={[candle]} />);
    const line = await screen.findByTestId('cart-discount');
    await within(line).findByText('−$2.60');
    expect(line).toHaveTextContent('Discount (WINTER10) −$2.60');
    expect(api.sent('POST /orders/quote')[0]!.body).toMatchObject({ discountCode: 'WINTER10' });
    await user.click(within(line).getByRole('button', { name: 'Remove Discount (WINTER10)' }));
    expect($checkout.get().discountCode).toBeUndefined();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
  });

  it('before an address the cart says the code is taken off at checkout, asking nothing', () => {
    $checkout.set({ ...initialCheckout(), discountCode: 'WINTER10' });
    fakeApi({});
    render(<CartDiscount items={[candle]} />);
    expect(screen.getByTestId('cart-discount')).toHaveTextContent(
      'Discount code WINTER10 is taken off at checkout.',
    );
  });
});
