import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT } from '../../../core/admin/customers';
import AdminCustomer from '../../../src/islands/admin/AdminCustomer';
import AdminCustomers from '../../../src/islands/admin/AdminCustomers';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 39 point 8: guests in the customer list, one row per email, and a guest's page. */

const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';
const guest = {
  kind: 'guest',
  id: ORDER_ID,
  email: 'wren@example.com',
  firstname: 'Wren',
  lastname: 'Tamarack',
  emailVerified: false,
  createdAt: '2026-10-02T17:00:00.000Z',
  orderCount: 3,
  spentCents: 123456,
  // 11 p.m. in Los Angeles on Nov 26: the 27th in UTC, the 26th in the shop's day.
  lastOrderAt: '2026-11-27T07:00:00.000Z',
  lastOrderDay: '2026-11-26',
};

beforeEach(() => signedIn());

describe('the customer list', () => {
  it('marks a guest "Guest", links their page by their order, and dates their last order by the shop day', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/customers': ok({ customers: [guest], page: 1, pageSize: 25, total: 1 }),
    });
    render(<AdminCustomers />);
    const link = await screen.findByRole('link', { name: 'Wren Tamarack' });
    expect(link).toHaveAttribute('href', `/admin/customers/guests/${ORDER_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText(CUSTOMER_TEXT.guest)).toBeInTheDocument();
    expect(row).toHaveTextContent('3 orders');
    expect(row).toHaveTextContent('Nov 26, 2026');
    // Money never breaks mid-number.
    expect(within(row).getByText('$1,234.56').className).toMatch(/money/);
  });
});

describe("a guest's page", () => {
  it('shows their figures and orders, and no saved addresses or cards', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      [`GET /admin/customers/guests/${ORDER_ID}`]: ok({
        customer: guest,
        orders: [],
        addresses: [],
        cards: [],
      }),
    });
    render(<AdminCustomer id={ORDER_ID} guest />);
    expect(await screen.findByRole('heading', { name: 'Wren Tamarack' })).toBeInTheDocument();
    expect(screen.getByTestId('customer-verified')).toHaveTextContent(CUSTOMER_TEXT.guest);
    expect(screen.getByText(CUSTOMER_TEXT.guestNote)).toBeInTheDocument();
    expect(screen.queryByText('No saved cards.')).toBeNull();
  });
});
