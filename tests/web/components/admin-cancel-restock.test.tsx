import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '../../../core/admin/cancel-reason';
import { RESTOCK_MESSAGES } from '../../../core/admin/return-restock';
import AdminOrder from '../../../src/islands/admin/AdminOrder';
import { AdminReturn } from '../../../src/islands/admin/AdminReturn';
import { allowedActions, type OrderKind, type OrderStatus } from '../../../core/orders/lifecycle';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';
import { fill, user } from '../support/user';

/** Issue 25 points 2 and 4: the owner's cancel asks why; receiving a return asks what goes back. */

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const RETURN_ID = '00000000-0000-4000-8000-000000000002';
const MUG_LINE = '10000000-0000-4000-8000-000000000001';
const ENAMEL_LINE = '10000000-0000-4000-8000-000000000002';
const address = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };

const orderDetail = (
  shippingStatus: OrderStatus,
  history: unknown[] = [],
  kind: OrderKind = 'parcels',
) => ({
  // The actions the server allows (issue 35): the page shows only these.
  kind,
  actions: allowedActions(shippingStatus, kind),
  order: {
    id: ORDER_ID,
    number: 1042,
    email: 'fern@example.com',
    firstname: 'Fern',
    lastname: 'Gully',
    createdAt: '2025-08-04T17:00:00.000Z',
    isGuest: false,
    shippingAddress: address,
    billingAddress: address,
    subtotalCents: 1900,
    taxCents: 197,
    totalCents: 2097,
    shippingStatus,
    paymentStatus: shippingStatus === 'canceled' ? 'refunded' : 'paid',
  },
  items: [
    {
      id: MUG_LINE,
      title: 'Campfire Enamel Mug',
      variantTitle: null,
      sku: 'EG-MUG-ENAMEL',
      quantity: 1,
      unitPriceCents: 1900,
    },
  ],
  payments: [],
  // What the API recomputes of the order's money (issue 25 point 3): nothing refunded yet.
  money: { paidCents: 2097, refundedCents: 0, netCents: 2097, state: 'paid', refunds: [] },
  shipment: null,
  emails: [],
  history,
});

beforeEach(() => {
  history.replaceState(null, '', `/admin/orders/${ORDER_ID}`);
  signedIn();
});

describe("the order page's buttons are the server's actions (issue 35)", () => {
  it('an unfulfilled order of gift cards offers cancel but never ship; a shipped one neither', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/orders/${ORDER_ID}`]: () =>
        ok(orderDetail('unfulfilled', [], 'gift_cards_only')),
    });
    const { unmount } = render(<AdminOrder id={ORDER_ID} />);
    expect(await screen.findByRole('button', { name: 'Cancel and refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    unmount();

    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/orders/${ORDER_ID}`]: () => ok(orderDetail('shipped')),
    });
    render(<AdminOrder id={ORDER_ID} />);
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });
});

describe("the owner's cancel", () => {
  it('asks for a reason, and for words with "other", before the confirm step; sends them', async () => {
    let canceled = false;
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/orders/${ORDER_ID}`]: () =>
        ok(
          canceled
            ? orderDetail('canceled', [
                {
                  action: 'order.cancel',
                  actorEmail: 'owner@example.com',
                  after: { status: 'canceled', reason: 'other', note: 'The kiln broke.' },
                  createdAt: '2025-08-05T17:00:00.000Z',
                },
              ])
            : orderDetail('unfulfilled'),
        ),
      [`POST /admin/orders/${ORDER_ID}/cancel`]: () => {
        canceled = true;
        return ok({ status: 'canceled' });
      },
    });
    render(<AdminOrder id={ORDER_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));

    // No reason chosen: refused at the form, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CANCEL_MESSAGES.reason);
    // "Other" needs the owner's words.
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CANCEL_MESSAGES.note);
    expect(api.sent(`POST /admin/orders/${ORDER_ID}/cancel`)).toEqual([]);

    await fill(screen.getByLabelText(/The reason, in your words/), 'The kiln broke.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const step = screen.getByRole('group', { name: /^Cancel order 1042/ });
    expect(step.textContent).toContain('the shop canceled it (Other: The kiln broke.)');
    await user.click(within(step).getByRole('button', { name: 'Yes, cancel and refund' }));

    expect(
      (await screen.findByText('Canceled and refunded; the customer was emailed why.')).tagName,
    ).toBe('P');
    expect(api.sent(`POST /admin/orders/${ORDER_ID}/cancel`).map((sent) => sent.body)).toEqual([
      { reason: 'other', note: 'The kiln broke.' },
    ]);
    // The history says it in words (issue 25 point 6).
    expect(
      await screen.findByText(
        /Canceled and refunded by owner@example\.com \(reason: Other: The kiln broke\.\)/,
      ),
    ).toBeTruthy();
  });

  it('sends a listed reason without words', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/orders/${ORDER_ID}`]: ok(orderDetail('unfulfilled')),
      [`POST /admin/orders/${ORDER_ID}/cancel`]: ok({ status: 'canceled' }),
    });
    render(<AdminOrder id={ORDER_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    await user.click(screen.getByRole('radio', { name: 'Out of stock' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund' }));
    await screen.findByText('Canceled and refunded; the customer was emailed why.');
    expect(api.sent(`POST /admin/orders/${ORDER_ID}/cancel`)[0]!.body).toEqual({
      reason: 'out_of_stock',
      note: '',
    });
  });
});

describe('receiving a return', () => {
  const returnDetail = () => ({
    request: { id: RETURN_ID, status: 'approved', message: 'Wrong green.', declineReason: null },
    order: {
      id: ORDER_ID,
      number: 1042,
      email: 'fern@example.com',
      totalCents: 8000,
      taxRate: 0.1035,
    },
    items: [
      {
        orderItemId: MUG_LINE,
        quantity: 2,
        title: 'Cedar Ridge Mug',
        variantTitle: 'Forest Green',
      },
      { orderItemId: ENAMEL_LINE, quantity: 3, title: 'Campfire Enamel Mug', variantTitle: null },
    ],
    lines: [],
    refunds: [],
    refundedCents: 0,
  });

  it('offers every returned unit back on sale, 0 for a damaged line, and sends the choice', async () => {
    const api = fakeApi({
      [`GET /admin/returns/${RETURN_ID}`]: ok(returnDetail()),
      [`POST /admin/returns/${RETURN_ID}/receive`]: ok({ id: RETURN_ID, status: 'received' }),
    });
    const onChanged = vi.fn();
    render(<AdminReturn id={RETURN_ID} onChanged={onChanged} />);
    const mugUnits = (await screen.findByLabelText(
      'Units of Cedar Ridge Mug (Forest Green) back on sale',
    )) as HTMLInputElement;
    const enamelUnits = screen.getByLabelText(
      'Units of Campfire Enamel Mug back on sale',
    ) as HTMLInputElement;
    expect([mugUnits.value, enamelUnits.value]).toEqual(['2', '3']);

    // More than returned is refused at the form.
    await fill(enamelUnits, '4');
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESTOCK_MESSAGES.units);

    await fill(enamelUnits, '1');
    await user.click(screen.getByLabelText('Cedar Ridge Mug (Forest Green) is damaged'));
    expect(mugUnits.value).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    expect(screen.getByRole('group', { name: /^Mark the parcel/ }).textContent).toContain(
      'Back on sale: 0 × Cedar Ridge Mug (Forest Green), 1 × Campfire Enamel Mug.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, mark received' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith('received'));
    expect(api.sent(`POST /admin/returns/${RETURN_ID}/receive`).map((sent) => sent.body)).toEqual([
      {
        restock: [
          { orderItemId: MUG_LINE, quantity: 0 },
          { orderItemId: ENAMEL_LINE, quantity: 1 },
        ],
      },
    ]);
  });
});
