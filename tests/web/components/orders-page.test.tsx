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
        excludedReason: 'Final sale: under $30',
      },
    ],
    subtotal: 19,
    tax: 1.97,
    total: 20.97,
    refunded: 0,
    payments: [],
    shippingAddress: {
      line1: '400 Pine St',
      line2: '',
      city: 'Seattle',
      state: 'WA',
      zipcode: '98101',
    },
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
    const api = openOrders(ok([order(1, 'unfulfilled', { canCancel: true })]), {
      'POST /orders/cancel': refused(409, HISTORY_MESSAGES.cancelFailed),
    });
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await within(card(1)).findByRole('alert')).toHaveTextContent(
      /^Unable to cancel order\.$/,
    );
    expect(api.sent('POST /orders/cancel')[0]?.body).toEqual({ id: order(1, '')._id });
  });

  it("asks in the shop's own dialog with the order's number and amount, and sends nothing on no", async () => {
    const browserConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', browserConfirm);
    const api = openOrders(ok([order(1, 'unfulfilled', { canCancel: true })]));
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order 1041?' });
    expect(dialog).toHaveTextContent(HISTORY_MESSAGES.cancelConfirm);
    expect(dialog).toHaveTextContent('Order 1041, $20.97');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(api.sent('POST /orders/cancel')).toEqual([]);
  });

  it('links the tracking number to the carrier, and says why a declined return was declined', async () => {
    openOrders(
      ok([
        order(1, 'delivered', {
          carrier: 'UPS',
          trackingNumber: '1Z 999 AA1',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA1',
          returnRequests: [
            {
              _id: 'r1',
              status: 'declined',
              createdAt: '2025-08-10T10:00:00.000Z',
              declineReason: 'The mug was used.',
            },
          ],
        }),
      ]),
    );
    await screen.findByRole('heading', { name: 'Order 1041' });
    const link = within(card(1)).getByRole('link', { name: /1Z 999 AA1/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA1');
    expect(within(card(1)).getByText('Declined: The mug was used.')).toBeVisible();
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

    api.answer('POST /orders/issue', ok({ message: HISTORY_MESSAGES.issueReceived }, 201));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    // The form closes into a confirmation.
    const sent = await within(card(1)).findByRole('status');
    expect(sent).toHaveTextContent(HISTORY_MESSAGES.messageSent);
    expect(sent).toHaveTextContent(HISTORY_MESSAGES.issueReceived);
    expect(within(card(1)).queryByRole('form')).toBeNull();
    expect(api.sent('POST /orders/issue').map((call) => call.body)).toEqual([
      { id: order(1, '')._id, message: 'The mug arrived chipped.' },
      { id: order(1, '')._id, message: 'The mug arrived chipped.' },
    ]);
  });

  it('a return lists what the policy keeps with its reason, asks why, and closes into a confirmation', async () => {
    const delivered = order(1, 'delivered', {
      canStartReturn: true,
      items: [
        { ...order(1, '').items[0]! },
        {
          itemId: '20000000-0000-4000-8000-000000000001',
          _id: 'p2',
          title: 'Huckleberry Stoneware Bowl',
          variantTitle: null,
          sku: 'EG-BOWL-HUCK',
          image: null,
          alttext: '',
          quantity: 1,
          price: 36,
          returnable: true,
          excludedReason: null,
        },
      ],
    });
    const api = openOrders(ok([delivered]), {
      'POST /orders/return': ok({ message: HISTORY_MESSAGES.returnReceived }, 201),
    });
    await screen.findByRole('heading', { name: 'Order 1041' });
    await user.click(within(card(1)).getByRole('button', { name: 'Start a Return' }));
    const form = within(card(1)).getByRole('form', { name: 'Start a Return: order 1041' });
    expect(within(form).getByText('Campfire Enamel Mug × 1: Final sale: under $30')).toBeVisible();
    expect(within(form).queryByRole('checkbox', { name: /Campfire/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByText(HISTORY_MESSAGES.reasonRequired)).toBeVisible();
    await user.selectOptions(within(form).getByLabelText('Why are you sending it back?'), 'Other');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByText(HISTORY_MESSAGES.messageRequired)).toBeVisible();
    expect(api.sent('POST /orders/return')).toEqual([]);
    await user.selectOptions(
      within(form).getByLabelText('Why are you sending it back?'),
      "Doesn't fit",
    );
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(card(1)).findByRole('status')).toHaveTextContent(
      HISTORY_MESSAGES.returnReceived,
    );
    expect(within(card(1)).queryByRole('form')).toBeNull();
    expect(api.sent('POST /orders/return').map((call) => call.body)).toEqual([
      {
        id: delivered._id,
        reason: 'doesnt_fit',
        message: '',
        items: ['20000000-0000-4000-8000-000000000001'],
      },
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
