import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminDashboard from '../../../src/islands/admin/AdminDashboard';
import { DASHBOARD_DISCOUNT_TEXT } from '../../../core/discounts/model';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 42: the dashboard shows what each discount code gave away in the last 30 days. */

const dashboard = (discountCodes: unknown[]) => ({
  chartSvg: '<svg></svg>',
  toShip: 0,
  refundsFailed: 0,
  unreadMessages: 0,
  lowStock: [],
  mostAwaited: [],
  backups: { lastGoodAt: null, ageHours: null, failure: null },
  discountCodes,
});

beforeEach(() => signedIn());

describe('the dashboard’s discount codes', () => {
  it('lists each code with its orders and what it gave away, and says revenue is after them', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': ok(
        dashboard([
          { code: 'WINTER10', orders: 3, amountCents: 1450 },
          { code: 'FIVEOFF', orders: 1, amountCents: 500 },
        ]),
      ),
    });
    render(<AdminDashboard />);
    const panel = await screen.findByRole('region', { name: DASHBOARD_DISCOUNT_TEXT.title });
    expect(panel).toHaveTextContent(DASHBOARD_DISCOUNT_TEXT.netRevenue);
    const winter = within(panel).getByText('WINTER10').closest('tr')!;
    expect(within(winter).getByText('3')).toBeInTheDocument();
    expect(within(winter).getByText('$14.50')).toBeInTheDocument();
    const five = within(panel).getByText('FIVEOFF').closest('tr')!;
    expect(within(five).getByText('$5.00')).toBeInTheDocument();
  });

  it('says so when no order used a code', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': ok(dashboard([])),
    });
    render(<AdminDashboard />);
    const panel = await screen.findByRole('region', { name: DASHBOARD_DISCOUNT_TEXT.title });
    expect(panel).toHaveTextContent(DASHBOARD_DISCOUNT_TEXT.none);
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
