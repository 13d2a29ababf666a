import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminDashboard from '../../../src/islands/admin/AdminDashboard';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 41 point 4: the dashboard counts the orders to ship today and the late ones. */

const dashboard = {
  chartSvg: '<svg></svg>',
  toShip: 9,
  shipToday: 3,
  shipLate: 2,
  refundsFailed: 0,
  unreadMessages: 0,
  lowStock: [],
  mostAwaited: [],
  backups: { lastGoodAt: null, ageHours: null, failure: null },
  discountCodes: [],
};

beforeEach(() => signedIn());

describe('the dashboard’s ship-by figures', () => {
  it('says how many orders must ship today and how many are late, each opening the list to ship', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': ok(dashboard),
    });
    render(<AdminDashboard />);
    const today = await screen.findByTestId('ship-today');
    expect(today).toHaveTextContent(/^3 Ship today$/);
    const late = screen.getByTestId('ship-late');
    expect(late).toHaveTextContent(/^2 Late \(ship-by day passed\)$/);
    for (const link of [today, late]) {
      expect(link).toHaveAttribute('href', '/admin/orders?status=unfulfilled');
    }
  });
});
