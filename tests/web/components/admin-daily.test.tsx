import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLY_MESSAGES } from '../../../core/admin/inbox-reply';
import { RETURN_MESSAGES } from '../../../core/admin/model';
import AdminInbox from '../../../src/islands/admin/AdminInbox';
import AdminOrder from '../../../src/islands/admin/AdminOrder';
import { AdminReturn } from '../../../src/islands/admin/AdminReturn';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';
import { fill, user } from '../support/user';
import { allowedActions } from '../../../core/orders/lifecycle';

/** Issue 25 point 6: the back office reads in words, keeps destructive actions apart, answers mail. */

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const RETURN_ID = '00000000-0000-4000-8000-000000000002';
const CONTACT_ID = '00000000-0000-4000-8000-000000000003';
const CUSTOMER_ID = '00000000-0000-4000-8000-000000000004';
const address = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };

beforeEach(() => signedIn());

describe('an order', () => {
  it('says its status capitalised, its history in words, and links the account to its customer page', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/orders/${ORDER_ID}`]: ok({
        order: {
          id: ORDER_ID,
          number: 1042,
          email: 'fern@example.com',
          firstname: 'Fern',
          lastname: 'Gully',
          createdAt: '2025-08-04T17:00:00.000Z',
          isGuest: false,
          userId: CUSTOMER_ID,
          shippingAddress: address,
          billingAddress: address,
          subtotalCents: 1900,
          taxCents: 197,
          totalCents: 2097,
          shippingStatus: 'shipped',
          paymentStatus: 'paid',
        },
        kind: 'parcels',
        actions: allowedActions('shipped', 'parcels'),
        items: [],
        payments: [],
        money: { paidCents: 2097, refundedCents: 0, netCents: 2097, state: 'paid', refunds: [] },
        shipment: null,
        emails: [],
        history: [
          {
            action: 'order.ship',
            actorEmail: 'owner@example.com',
            after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
            createdAt: '2025-08-05T17:00:00.000Z',
          },
        ],
      }),
    });
    render(<AdminOrder id={ORDER_ID} />);
    expect(await screen.findByTestId('order-status')).toHaveTextContent(/^Shipped$/);
    const history = screen.getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/: Placed$/),
      expect.stringMatching(/: Shipped with UPS 1Z999AA10123456784 by owner@example\.com$/),
    ]);
    expect(screen.getByRole('link', { name: 'account: customer page' })).toHaveAttribute(
      'href',
      `/admin/customers/${CUSTOMER_ID}`,
    );
  });
});

describe('declining a return', () => {
  it('is a destructive button apart from Approve; a short reason is refused under the field', async () => {
    const api = fakeApi({
      [`GET /admin/returns/${RETURN_ID}`]: ok({
        request: { id: RETURN_ID, status: 'requested', message: 'Too big.', declineReason: null },
        order: {
          id: ORDER_ID,
          number: 1042,
          email: 'fern@example.com',
          totalCents: 8000,
          taxRate: 0.1,
        },
        items: [],
        lines: [],
        refunds: [],
        refundedCents: 0,
      }),
    });
    render(<AdminReturn id={RETURN_ID} onChanged={vi.fn()} />);
    expect(await screen.findByTestId('return-status')).toHaveTextContent(/^Requested$/);
    const decline = screen.getByRole('button', { name: 'Decline' });
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(decline.className).toMatch(/danger/);
    expect(approve.className).not.toMatch(/danger/);
    expect(decline.parentElement).not.toBe(approve.parentElement);

    await user.click(decline);
    const reason = screen.getByLabelText('Reason to decline (emailed to the customer)');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(RETURN_MESSAGES.reason);
    expect(screen.queryByRole('group', { name: /^Decline this return/ })).toBeNull();

    await fill(reason, 'Worn outdoors, sorry.');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.click(decline);
    const step = screen.getByRole('group', { name: /^Decline this return for order 1042/ });
    expect(within(step).getByRole('button', { name: 'Yes, decline' }).className).toMatch(/danger/);
    expect(api.sent(`POST /admin/returns/${RETURN_ID}/decline`)).toEqual([]);
  });
});

describe('replying from the inbox', () => {
  it('refuses an empty reply at its field, confirms, sends once and shows it on the thread', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/inbox': ok({
        items: [
          {
            kind: 'contact',
            id: CONTACT_ID,
            email: 'wren@example.com',
            subject: 'Gift wrap',
            message: 'Can you wrap it?',
            orderNumber: '1042',
            orderId: ORDER_ID,
            status: null,
            createdAt: '2025-08-04T17:00:00.000Z',
            unread: false,
            replies: [],
          },
        ],
      }),
      [`POST /admin/inbox/contact/${CONTACT_ID}/reply`]: ok({
        reply: {
          id: 'r1',
          message: 'Yes, in kraft paper.',
          to: 'wren@example.com',
          actorEmail: 'owner@example.com',
          createdAt: '2025-08-05T17:00:00.000Z',
          mailStatus: 'pending',
        },
      }),
    });
    render(<AdminInbox />);
    expect(await screen.findByText(/^1 item, 0 unread$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'order 1042' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Reply to Gift wrap' }));
    const field = screen.getByLabelText('Your reply (emailed to wren@example.com)');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(field).toHaveAccessibleDescription(REPLY_MESSAGES.message);

    await fill(field, 'Yes, in kraft paper.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send the reply' }));
    expect(
      await screen.findByText('Reply sent to wren@example.com; it is kept on this thread.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Replies' })).getByText('Yes, in kraft paper.'),
    ).toBeTruthy();
    expect(
      api.sent(`POST /admin/inbox/contact/${CONTACT_ID}/reply`).map((sent) => sent.body),
    ).toEqual([{ message: 'Yes, in kraft paper.' }]);
  });
});
