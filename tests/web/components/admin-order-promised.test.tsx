import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminOrder from '../../../src/islands/admin/AdminOrder';
import type { OrderAnswer } from '../../../src/islands/admin/useOrderAnswer';
import { fakeApi, ok } from '../support/fake-api';
import { FERN, signedIn } from '../support/session';

/** Issue 41: the back office's order shows the window promised at checkout and its ship-by day. */

const ORDER_ID = '00000000-0000-4000-8000-000000000141';
const address = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const promised = { earliest: '2026-12-07', latest: '2026-12-10', shipBy: '2026-12-01' };

function detail(shippingStatus: string, kept: OrderAnswer['order']['promised']): OrderAnswer {
  return {
    order: {
      id: ORDER_ID,
      number: 1141,
      email: 'fern@example.com',
      firstname: 'Fern',
      lastname: 'Gully',
      createdAt: '2026-11-27T17:00:00.000Z',
      isGuest: false,
      shippingAddress: address,
      billingAddress: address,
      subtotalCents: 2400,
      taxCents: 248,
      totalCents: 2648,
      shippingStatus,
      paymentStatus: 'paid',
      promised: kept,
    },
    items: [],
    payments: [],
    money: {
      paidCents: 2648,
      refundedCents: 0,
      netCents: 2648,
      state: 'paid',
      refunds: [],
      payments: [],
    },
    shipment: null,
    emails: [],
    history: [],
  };
}

const admin = { 'GET /user/me': ok(FERN), 'GET /admin/access': ok({ admin: true }) } as const;

/** Noon in Seattle on a shop day. */
function today(day: string) {
  vi.setSystemTime(new Date(`${day}T20:00:00.000Z`));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  signedIn();
});
afterEach(() => {
  vi.useRealTimers();
});

async function promisedLine(shippingStatus: string, kept: OrderAnswer['order']['promised']) {
  fakeApi({ ...admin, [`GET /admin/orders/${ORDER_ID}`]: ok(detail(shippingStatus, kept)) });
  render(<AdminOrder id={ORDER_ID} />);
  await screen.findByRole('heading', { name: 'Order 1141' });
  return screen.queryByTestId('order-promised');
}

describe("the back office's promised arrival", () => {
  it('shows the promised window and the ship-by day of an order still to ship', async () => {
    today('2026-11-28');
    const line = await promisedLine('unfulfilled', promised);
    expect(line).toHaveTextContent(/^Promised arrival: Dec 7–10 · Ship by Dec 1$/);
    expect(line).not.toHaveAttribute('data-ship-mark');
  });

  it('marks "Ship today" on the ship-by day and "Late" after it, while unfulfilled', async () => {
    today('2026-12-01');
    const due = await promisedLine('unfulfilled', promised);
    expect(due).toHaveTextContent(/^Promised arrival: Dec 7–10 · Ship by Dec 1 · Ship today$/);
    expect(due).toHaveAttribute('data-ship-mark', 'today');
  });

  it('reads "Late" once the ship-by day has passed', async () => {
    today('2026-12-02');
    const late = await promisedLine('unfulfilled', promised);
    expect(late).toHaveTextContent(/^Promised arrival: Dec 7–10 · Ship by Dec 1 · Late$/);
  });

  it('drops the mark once the order has shipped', async () => {
    today('2026-12-03');
    const shipped = await promisedLine('shipped', promised);
    expect(shipped).toHaveTextContent(/^Promised arrival: Dec 7–10 · Ship by Dec 1$/);
    expect(shipped).not.toHaveAttribute('data-ship-mark');
  });

  it('shows no line for an order without a kept promise (digital only, or placed before)', async () => {
    expect(await promisedLine('delivered', null)).toBeNull();
  });
});
