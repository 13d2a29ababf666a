import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import OrdersPage from '../../../src/islands/account/OrdersPage';
import { fakeApi, ok, refused, serverError, type Handler } from '../support/fake-api';
import { FERN, signedIn } from '../support/session';
import { fill, user } from '../support/user';

/** spec §2 Orders and §8 Orders: the signed-in customer's order history on /orders. */

beforeEach(() => {
  history.replaceState(null, '', '/orders');
  signedIn();
});

function order(number: number, status: string, changes: Partial<HistoryOrder> = {}): HistoryOrder {
  return {
    _id: `00000000-0000-4000-8000-00000000000${number}`,
    orderNumber: 1040 + number,
    createdAt: '2025-08-04T17:00:00.000Z',
    shippingStatus: status,
    paymentStatus: 'paid',
    items: [
      {
        itemId: `10000000-0000-4000-8000-00000000000${number}`,
        _id: 'p1',
        title: 'Campfire Enamel Mug',
        variantTitle: null,
        sku: 'EG-MUG-ENAMEL',
        image: null,
        alttext: '',
        quantity: 1,
        price: 19,
        returnable: false,
      },
    ],
    subtotal: 19,
    tax: 1.97,
    total: 20.97,
    refunded: 0,
    shippingAddress: {
      line1: '400 Pine St',
      line2: '',
      city: 'Seattle',
      state: 'WA',
      zipcode: '98101',
    },
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    canceledAt: null,
    canCancel: false,
    canReportIssue: false,
    canStartReturn: false,
    returnRequests: [],
    ...changes,
  };
}

function openOrders(orders: Handler, more: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /user/me': ok(FERN),
    'GET /orders/orders': orders,
    'GET /downloads/mine': ok([]),
    ...more,
  });
  render(<OrdersPage />);
  return api;
}

const card = (number: number) =>
  screen.getByRole('heading', { name: `Order ${1040 + number}` }).closest('li')!;

describe('the order history', () => {
  it("says 'Failed to load orders.' when the list cannot be read (spec §8)", async () => {
    openOrders(serverError());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load orders\.$/);
  });

  it("says 'Failed to load orders.' when the server cannot be reached (spec §8)", async () => {
    openOrders('unreachable');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load orders\.$/);
  });

  it("shows 'No confirmed orders found.' for an empty list (spec §2)", async () => {
    openOrders(ok([]));
    expect(await screen.findByText('No confirmed orders found.')).toBeVisible();
  });

  it('groups the orders by shipping status in the spec’s order', async () => {
    openOrders(
      ok([
        order(1, 'delivered'),
        order(2, 'refund_failed'),
        order(3, 'unfulfilled'),
        order(4, 'shipped'),
      ]),
    );
    await screen.findByRole('heading', { name: 'Order 1041' });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Unfulfilled', 'Shipped', 'Delivered', 'Other']);
  });

  it("says 'Unable to cancel order.' when the cancel fails, and keeps the order (spec §8)", async () => {
    vi.stubGlobal('confirm', () => true);
    const api = openOrders(ok([order(1, 'unfulfilled', { canCancel: true })]), {
      'POST /orders/cancel': refused(409, HISTORY_MESSAGES.cancelFailed),
    });
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Cancel' }));
    expect(await within(card(1)).findByRole('alert')).toHaveTextContent(
      /^Unable to cancel order\.$/,
    );
    expect(api.sent('POST /orders/cancel')[0]?.body).toEqual({ id: order(1, '')._id });
  });

  it('asks before cancelling, and sends nothing when the shopper says no', async () => {
    const asked: string[] = [];
    vi.stubGlobal('confirm', (question: string) => (asked.push(question), false));
    const api = openOrders(ok([order(1, 'unfulfilled', { canCancel: true })]));
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Cancel' }));
    expect(asked).toEqual([HISTORY_MESSAGES.cancelConfirm]);
    expect(api.sent('POST /orders/cancel')).toEqual([]);
  });

  it("reports an issue: 'Failed to send message.' on a failure, 'Your message has been sent!' after (spec §8)", async () => {
    const api = openOrders(ok([order(1, 'shipped', { canReportIssue: true })]), {
      'POST /orders/issue': serverError(),
    });
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Report an Issue' }));
    const form = within(card(1)).getByRole('form', { name: 'Report an Issue: order 1041' });
    await fill(within(form).getByLabelText('Message'), 'The mug arrived chipped.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Failed to send message\.$/);

    api.answer('POST /orders/issue', ok({ message: HISTORY_MESSAGES.messageSent }, 201));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      /^Your message has been sent!$/,
    );
    expect(api.sent('POST /orders/issue').map((call) => call.body)).toEqual([
      { id: order(1, '')._id, message: 'The mug arrived chipped.' },
      { id: order(1, '')._id, message: 'The mug arrived chipped.' },
    ]);
  });

  it("shows 'Refunded' with the amount once a refund went back, and nothing before (issue 25)", async () => {
    openOrders(ok([order(1, 'delivered', { refunded: 10.48 }), order(2, 'delivered')]));
    await screen.findByRole('heading', { name: 'Order 1041' });
    const refunded = within(card(1)).getByText('Refunded');
    expect(refunded.nextElementSibling).toHaveTextContent(/^\$10\.48$/);
    expect(within(card(2)).queryByText('Refunded')).toBeNull();
  });
});
