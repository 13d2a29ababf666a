import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/orders/model';
import type { PaymentView } from '../../../core/orders/payments';
import type { HistoryOrder } from '../../../core/orders/history-model';
import OrderConfirmation from '../../../src/islands/checkout/OrderConfirmation';
import { OrderCard } from '../../../src/islands/account/OrderCard';

/** The receipt names every instrument that paid and its amount (issue 35). */

const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const giftCard: PaymentView = {
  id: 'p-gift',
  method: 'gift_card',
  amountCents: 10000,
  refundedCents: 0,
  last4: '5R64',
  brand: null,
};
const visa: PaymentView = {
  id: 'p-visa',
  method: 'sandbox',
  amountCents: 5890,
  refundedCents: 0,
  last4: '4242',
  brand: 'visa',
};

function receipt(payments: PaymentView[], total: number): OrderDto {
  return {
    _id: 'order-1',
    orderNumber: 1042,
    shippingStatus: 'unfulfilled',
    paymentStatus: 'paid',
    shippingAddress: SEATTLE,
    billingAddress: SEATTLE,
    items: [
      {
        _id: '00000000-0000-4000-8000-0000000000aa',
        title: 'Campfire Enamel Mug',
        variantTitle: null,
        sku: 'EG-MUG-ENAMEL',
        image: null,
        alttext: '',
        quantity: 1,
        price: 144,
      },
    ],
    subtotal: 144,
    salesTax: 0.1035,
    tax: 14.9,
    total,
    isGuest: true,
    guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    payment: payments.find((p) => p.method !== 'gift_card') ?? null,
    payments,
    giftCardPaid: giftCard.amountCents / 100,
    createdAt: '2025-08-04T17:00:00.000Z',
  };
}

function showReceipt(order: OrderDto) {
  history.replaceState({ order }, '', '/orderconfirmation');
  render(<OrderConfirmation />);
}

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

describe('the receipt of an order', () => {
  it('paid by a gift card and a card names both, each with its amount', () => {
    showReceipt(receipt([giftCard, visa], 158.9));
    const paid = screen.getByTestId('paid-with');
    expect(paid).toHaveTextContent('Gift card ending in 5R64 — $100.00');
    expect(paid).toHaveTextContent('Visa ending in 4242 — $58.90');
  });

  it('paid by a gift card alone names no card', () => {
    showReceipt(receipt([{ ...giftCard, amountCents: 15890 }], 158.9));
    expect(screen.getByTestId('paid-with')).toHaveTextContent('Gift card ending in 5R64 — $158.90');
    expect(document.body).not.toHaveTextContent(/Card ending in|Visa|Payment card/);
  });

  it('in the order history, with what each instrument gave back', () => {
    const order = {
      _id: 'order-1',
      orderNumber: 1042,
      createdAt: '2025-08-04T17:00:00.000Z',
      shippingStatus: 'canceled',
      paymentStatus: 'refunded',
      items: [],
      subtotal: 144,
      tax: 14.9,
      total: 158.9,
      refunded: 158.9,
      payments: [
        { ...giftCard, refundedCents: 10000 },
        { ...visa, refundedCents: 5890 },
      ],
      shippingAddress: SEATTLE,
      gift: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
      canceledAt: '2025-08-05T17:00:00.000Z',
      canCancel: false,
      canReportIssue: false,
      canStartReturn: false,
      returnRequests: [],
    } as unknown as HistoryOrder;
    render(<OrderCard order={order} reload={() => {}} />);
    const paid = screen.getByTestId('paid-with');
    expect(paid).toHaveTextContent('Gift card ending in 5R64 — $100.00 ($100.00 refunded)');
    expect(paid).toHaveTextContent('Visa ending in 4242 — $58.90 ($58.90 refunded)');
  });
});
