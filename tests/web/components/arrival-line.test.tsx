import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARRIVAL_TEXT } from '../../../core/arrival';
import type { CartValidation } from '../../../core/cart/model';
import type { OrderDto, QuoteDto } from '../../../core/orders/model';
import type { HistoryOrder } from '../../../core/orders/history-model';
import CartPage from '../../../src/islands/cart/CartPage';
import { OrderCard } from '../../../src/islands/account/OrderCard';
import { OrderSummary } from '../../../src/islands/checkout/OrderSummary';
import ReviewOrder from '../../../src/islands/checkout/ReviewOrder';
import OrderConfirmation from '../../../src/islands/checkout/OrderConfirmation';
import { handOverOrder } from '../../../src/islands/checkout/confirmation-state';
import { $cart, type CartItem } from '../../../src/stores/cart';
import { $checkout, initialCheckout } from '../../../src/stores/checkout';
import { fakeApi, ok, type Sent } from '../support/fake-api';
import { user } from '../support/user';

/**
 * Issue 41: the cart, the shipping step's summary, the review step, the confirmation and the
 * order pages say when the order comes in the server's words: a quote's `arrival`, an order's
 * stored `promised` window. The windows here are ones no calendar would give for today, so a
 * line computed in the browser could not pass.
 */

const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const mug: CartItem = {
  _id: '00000000-0000-4000-8000-0000000000aa',
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
} as CartItem;
const photo: CartItem = {
  _id: '00000000-0000-4000-8000-0000000000bb',
  title: 'Olympic Sea Stacks',
  sku: 'EG-PHOTO-STACKS',
  price: 25,
  quantity: 1,
  supplier: 'evergreen',
  category: 'photos',
} as CartItem;

const line = (item: CartItem) => ({
  _id: item._id,
  title: item.title,
  variantTitle: null,
  sku: item.sku,
  image: null,
  alttext: '',
  quantity: item.quantity,
  price: item.price,
  available: 40,
});
const checked = (items: CartItem[]): CartValidation => ({
  items: items.map((item) => ({
    _id: item._id,
    sku: item.sku,
    title: item.title,
    price: item.price,
    priceCents: item.price * 100,
    stock: item === photo ? null : 40,
    category: item.category,
    kind: item === photo ? 'digital' : 'goods',
    taxClass: 'standard',
    supplier: item.supplier,
    alttext: '',
    stockSkus: [item.sku],
    quantity: item.quantity,
    sentSkus: [item.sku],
  })),
  changes: [],
});
const parcel = (earliest: string, latest: string) => ({
  kind: 'parcel' as const,
  earliest,
  latest,
  shipBy: earliest,
  text: ARRIVAL_TEXT.arrives({ earliest, latest }),
});
const quote = (arrival: QuoteDto['arrival']): QuoteDto => ({
  items: [line(mug)],
  subtotal: 19,
  salesTax: 0.1035,
  tax: 1.97,
  total: 20.97,
  taxLabel: 'Sales tax',
  arrival,
});

describe('the arrival line', () => {
  it("the cart says the server's window, and the digital words once only a download is left", async () => {
    $cart.set([mug, photo]);
    const api = fakeApi({
      'POST /cart/validate': (sent: Sent) => {
        const ids = (sent.body as { items: { _id: string }[] }).items.map((item) => item._id);
        const answer = ids.includes(mug._id)
          ? { ...checked([mug, photo]), arrival: parcel('2031-03-03', '2031-03-07') }
          : { ...checked([photo]), arrival: { kind: 'digital', text: ARRIVAL_TEXT.digital } };
        return ok(answer);
      },
    });
    render(<CartPage />);
    expect(await screen.findByTestId('arrival')).toHaveTextContent(/^Arrives Mar 3–7$/);
    await user.click(screen.getByRole('button', { name: `Remove ${mug.title}` }));
    await expect
      .poll(() => screen.getByTestId('arrival').textContent)
      .toBe('Download right after payment');
    expect(api.sent('POST /cart/validate')).toHaveLength(2);
  });

  it('the cart asks for the window to the shipping state checkout last knew, if any', async () => {
    const sentStates = () =>
      api.sent('POST /cart/validate').map((sent) => (sent.body as { state?: string }).state);
    $cart.set([mug]);
    $checkout.set({ ...initialCheckout(), shippingAddress: { ...SEATTLE, state: 'VT' } });
    const api = fakeApi({
      'POST /cart/validate': ok({ ...checked([mug]), arrival: parcel('2031-03-05', '2031-03-11') }),
    });
    const first = render(<CartPage />);
    expect(await screen.findByTestId('arrival')).toHaveTextContent(/^Arrives Mar 5–11$/);
    expect(sentStates()).toEqual(['VT']);
    first.unmount();
    $checkout.set(initialCheckout());
    render(<CartPage />);
    await expect.poll(() => sentStates()).toEqual(['VT', undefined]);
  });

  it('the shipping step shows the window for the state once the address is whole', async () => {
    const api = fakeApi({
      'POST /orders/quote': ok(quote(parcel('2031-12-30', '2032-01-02'))),
    });
    render(<OrderSummary cart={[mug]} address={SEATTLE} />);
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(summary).findByTestId('arrival')).toHaveTextContent(
      /^Arrives Dec 30–Jan 2$/,
    );
    expect(
      (api.sent('POST /orders/quote')[0]!.body as { shippingAddress: { state: string } })
        .shippingAddress.state,
    ).toBe('WA');
  });

  it('the review step shows the quote’s window, and nothing before the server answers', async () => {
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
    fakeApi({ 'POST /orders/quote': ok(quote(parcel('2031-03-03', '2031-03-07'))) });
    render(<ReviewOrder live={false} />);
    expect(screen.queryByTestId('arrival')).not.toBeInTheDocument();
    expect(await screen.findByTestId('arrival')).toHaveTextContent(/^Arrives Mar 3–7$/);
  });

  it('a gift card says it is emailed on the chosen date', async () => {
    fakeApi({
      'POST /orders/quote': ok(quote({ kind: 'gift_card', text: ARRIVAL_TEXT.giftCard })),
    });
    render(<OrderSummary cart={[mug]} address={SEATTLE} />);
    expect(await screen.findByTestId('arrival')).toHaveTextContent(
      /^Emailed on the date you choose$/,
    );
  });
});

const promised = { earliest: '2031-03-03', latest: '2031-03-07', shipBy: '2031-02-25' };

describe('the promised window', () => {
  it('the confirmation page shows the window stored with the order', () => {
    history.replaceState(null, '', '/orderconfirmation');
    const order = {
      _id: 'order-1',
      orderNumber: 1042,
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
      items: [line(mug)],
      subtotal: 19,
      salesTax: 0.1035,
      tax: 1.97,
      total: 20.97,
      isGuest: true,
      guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
      payment: null,
      payments: [],
      createdAt: '2025-08-04T17:00:00.000Z',
      promised,
    } satisfies OrderDto;
    handOverOrder(order);
    render(<OrderConfirmation />);
    expect(screen.getByTestId('promised-arrival')).toHaveTextContent(
      /^Estimated arrival: Mar 3–7$/,
    );
  });

  it('an order card shows it, and an order with nothing to ship shows none', () => {
    const order = {
      _id: '00000000-0000-4000-8000-000000000001',
      orderNumber: 1041,
      createdAt: '2025-08-04T17:00:00.000Z',
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
      items: [],
      subtotal: 19,
      tax: 1.97,
      total: 20.97,
      refunded: 0,
      payments: [],
      shippingAddress: SEATTLE,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
      canceledAt: null,
      canCancel: false,
      canReportIssue: false,
      canStartReturn: false,
      returnRequests: [],
      promised,
    } as unknown as HistoryOrder;
    const { rerender } = render(<OrderCard order={order} reload={() => {}} />);
    expect(screen.getByTestId('promised-arrival')).toHaveTextContent(
      /^Estimated arrival: Mar 3–7$/,
    );
    rerender(<OrderCard order={{ ...order, promised: null }} reload={() => {}} />);
    expect(screen.queryByTestId('promised-arrival')).not.toBeInTheDocument();
  });
});
