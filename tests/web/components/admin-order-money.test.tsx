import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderMoney } from '../../../core/admin/order-money';
import AdminOrder from '../../../src/islands/admin/AdminOrder';
import AdminOrders from '../../../src/islands/admin/AdminOrders';
import type { OrderDetail } from '../../../src/islands/admin/OrderRecord';
import { fakeApi, ok } from '../support/fake-api';
import { FERN, signedIn } from '../support/session';
import { user } from '../support/user';

/** Issue 25 point 3: the back office shows an order's money as the server recomputed it. */

const ORDER_ID = '00000000-0000-4000-8000-000000000101';
const MUG = '10000000-0000-4000-8000-000000000001';
const BOWL = '10000000-0000-4000-8000-000000000002';
const address = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };

function detail(money: OrderMoney): OrderDetail {
  return {
    order: {
      id: ORDER_ID,
      number: 1042,
      email: 'fern@example.com',
      firstname: 'Fern',
      lastname: 'Gully',
      createdAt: '2026-11-20T17:00:00.000Z',
      isGuest: false,
      shippingAddress: address,
      billingAddress: address,
      subtotalCents: 6700,
      taxCents: 693,
      totalCents: 7393,
      shippingStatus: 'delivered',
      // The order row's own column: the page reads the recomputed state instead.
      paymentStatus: 'paid',
    },
    items: [
      {
        id: MUG,
        title: 'Cedar Ridge Stoneware Mug',
        variantTitle: 'Green',
        sku: 'EG-MUG-CEDAR-GRN',
        quantity: 2,
        unitPriceCents: 2400,
      },
      {
        id: BOWL,
        title: 'Campfire Enamel Bowl',
        variantTitle: null,
        sku: 'EG-BOWL',
        quantity: 1,
        unitPriceCents: 1900,
      },
    ],
    payments: [
      { provider: 'sandbox', reference: 'sbx_ch_1', status: 'paid', brand: 'Visa', last4: '4242' },
    ],
    money,
    shipment: null,
    emails: [],
    history: [],
  };
}

const partlyRefunded: OrderMoney = {
  paidCents: 7393,
  refundedCents: 5297,
  netCents: 2096,
  state: 'partially refunded',
  refunds: [
    {
      id: 'r1',
      createdAt: '2026-11-25T10:30:00.000Z',
      amountCents: 5297,
      reference: 'sbx_re_0123456789abcdef01234567',
      lines: [
        {
          orderItemId: MUG,
          title: 'Cedar Ridge Stoneware Mug (Green)',
          quantity: 2,
          amountCents: 5297,
        },
      ],
    },
  ],
  payments: [
    {
      id: 'p-card',
      method: 'sandbox',
      status: 'paid',
      amountCents: 7393,
      refundedCents: 5297,
      last4: '4242',
      brand: 'visa',
    },
  ],
};

/** $100.00 from a gift card and $58.90 from a Visa, nothing refunded yet (issue 35). */
const split: OrderMoney = {
  paidCents: 15890,
  refundedCents: 0,
  netCents: 15890,
  state: 'paid',
  refunds: [],
  payments: [
    {
      id: '20000000-0000-4000-8000-000000000001',
      method: 'gift_card',
      status: 'paid',
      amountCents: 10000,
      refundedCents: 0,
      last4: '5R64',
      brand: null,
    },
    {
      id: '20000000-0000-4000-8000-000000000002',
      method: 'sandbox',
      status: 'paid',
      amountCents: 5890,
      refundedCents: 0,
      last4: '4242',
      brand: 'visa',
    },
  ],
};

beforeEach(() => {
  signedIn();
});

const admin = { 'GET /user/me': ok(FERN), 'GET /admin/access': ok({ admin: true }) } as const;

describe("the back office's order money", () => {
  it('shows paid, each refund (date, lines, amount, reference), net and "partially refunded"', async () => {
    fakeApi({ ...admin, [`GET /admin/orders/${ORDER_ID}`]: ok(detail(partlyRefunded)) });
    render(<AdminOrder id={ORDER_ID} />);
    const section = (await screen.findByRole('heading', { name: 'Payment' })).closest('section')!;
    expect(screen.getByTestId('payment-state')).toHaveTextContent(/^partially refunded$/);
    expect(within(section).getByTestId('money-paid')).toHaveTextContent(/^\$73\.93$/);
    expect(within(section).getByTestId('money-refunded')).toHaveTextContent(/^\$52\.97$/);
    expect(within(section).getByTestId('money-net')).toHaveTextContent(/^\$20\.96$/);
    const refunds = within(within(section).getByTestId('refunds')).getAllByRole('listitem');
    expect(refunds).toHaveLength(1);
    // 10:30 UTC is 2:30 in the morning at the shop (Pacific), whatever the browser's zone.
    expect(refunds[0]).toHaveTextContent(
      `Nov 25, 2026, 2:30 AM: $52.97 for 2 × Cedar Ridge Stoneware Mug (Green), reference sbx_re_0123456789abcdef01234567`,
    );
    expect(screen.queryByText(/Payment: paid/)).toBeNull();
  });

  it('reads "refunded" with net $0.00 once everything went back, and "paid" with no refunds', async () => {
    const refunded: OrderMoney = {
      ...partlyRefunded,
      refundedCents: 7393,
      netCents: 0,
      state: 'refunded',
      refunds: [
        ...partlyRefunded.refunds,
        {
          id: 'r2',
          createdAt: '2026-11-26T09:00:00.000Z',
          amountCents: 2096,
          reference: null,
          lines: [
            { orderItemId: BOWL, title: 'Campfire Enamel Bowl', quantity: 1, amountCents: 0 },
          ],
        },
      ],
    };
    fakeApi({ ...admin, [`GET /admin/orders/${ORDER_ID}`]: ok(detail(refunded)) });
    const { unmount } = render(<AdminOrder id={ORDER_ID} />);
    expect(await screen.findByTestId('payment-state')).toHaveTextContent(/^refunded$/);
    expect(screen.getByTestId('money-net')).toHaveTextContent(/^\$0\.00$/);
    const lines = within(screen.getByTestId('refunds')).getAllByRole('listitem');
    expect(lines[1]).toHaveTextContent(
      /\$20\.96 for 1 × Campfire Enamel Bowl, no gateway reference$/,
    );
    unmount();

    fakeApi({
      ...admin,
      [`GET /admin/orders/${ORDER_ID}`]: ok(
        detail({
          paidCents: 7393,
          refundedCents: 0,
          netCents: 7393,
          state: 'paid',
          refunds: [],
          payments: [],
        }),
      ),
    });
    render(<AdminOrder id={ORDER_ID} />);
    expect(await screen.findByTestId('payment-state')).toHaveTextContent(/^paid$/);
    expect(screen.getByTestId('money-net')).toHaveTextContent(/^\$73\.93$/);
    expect(screen.queryByTestId('refunds')).toBeNull();
  });

  it('offers a refund of what is left on each instrument, the gift card and the card apart', async () => {
    const api = fakeApi({
      ...admin,
      [`GET /admin/orders/${ORDER_ID}`]: ok(detail(split)),
      [`POST /admin/orders/${ORDER_ID}/refund-payment`]: ok({ giftCardCents: 10000, cardCents: 0 }),
    });
    render(<AdminOrder id={ORDER_ID} />);
    const paid = await screen.findByTestId('payment-refunds');
    expect(paid).toHaveTextContent('Gift card ending in 5R64 — $100.00');
    expect(paid).toHaveTextContent('Visa ending in 4242 — $58.90');
    expect(screen.queryByRole('button', { name: /Refund \$158\.90/ })).toBeNull();
    await user.click(
      within(paid).getByRole('button', { name: 'Refund $100.00 to Gift card ending in 5R64' }),
    );
    expect(
      within(paid).getByRole('button', { name: 'Refund $58.90 to Visa ending in 4242' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    const [sent] = api.sent(`POST /admin/orders/${ORDER_ID}/refund-payment`);
    expect(sent!.body).toMatchObject({ paymentId: split.payments[0]!.id, amountCents: 10000 });
    expect(await screen.findByText('Refunded $100.00.')).toBeVisible();
  });

  it("lists each order's net beside its total", async () => {
    history.replaceState(null, '', '/admin/orders?status=all');
    fakeApi({
      ...admin,
      'GET /admin/orders': ok({
        orders: [
          {
            id: ORDER_ID,
            number: 1042,
            email: 'fern@example.com',
            firstname: 'Fern',
            lastname: 'Gully',
            createdAt: '2026-11-20T17:00:00.000Z',
            status: 'delivered',
            paymentStatus: 'paid',
            totalCents: 7393,
            netCents: 2096,
            state: 'partially refunded',
          },
        ],
        page: 1,
        pageSize: 25,
        total: 1,
      }),
    });
    render(<AdminOrders />);
    const row = (await screen.findByRole('link', { name: 'Order 1042' })).closest('tr')!;
    expect(within(row).getByText('$73.93')).toBeVisible();
    expect(within(row).getByTestId('order-net')).toHaveTextContent(/^\$20\.96$/);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.at(-1)).toBe('Net');
  });
});
