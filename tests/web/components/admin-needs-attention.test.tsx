import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEEDS_ATTENTION_TEXT } from '../../../core/admin/needs-attention';
import AdminDashboard from '../../../src/islands/admin/AdminDashboard';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 35 item 8: orders the recovery job could not settle show on the dashboard. */
const ORDER_ID = '00000000-0000-4000-8000-000000000035';

const dashboard = (needsAttention: object) =>
  ok({
    chartSvg: '<svg></svg>',
    toShip: 0,
    refundsFailed: 0,
    unreadMessages: 0,
    lowStock: [],
    mostAwaited: [],
    last30Days: [],
    backups: { lastGoodAt: null, ageHours: null, failure: null, stale: false },
    needsAttention,
  });

beforeEach(() => signedIn());

describe('the dashboard’s needs attention', () => {
  it('counts the orders, links to the pending orders and lists each with its tries and last error', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': dashboard({
        count: 1,
        orders: [
          {
            id: ORDER_ID,
            number: 1077,
            email: 'stuck@example.com',
            totalCents: 4200,
            createdAt: '2026-11-27T17:00:00.000Z',
            attempts: 3,
            nextTryAt: '2026-11-28T17:00:00.000Z',
            error: 'Error: gateway unreachable',
          },
        ],
      }),
    });
    render(<AdminDashboard />);
    const figure = await screen.findByRole('link', { name: /1 order needs attention/ });
    expect(figure).toHaveAttribute('href', '/admin/orders?status=pending_payment');
    const panel = screen.getByRole('region', { name: NEEDS_ATTENTION_TEXT.title });
    expect(within(panel).getByText(NEEDS_ATTENTION_TEXT.intro)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Order 1077' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(within(panel).getByText('Error: gateway unreachable')).toBeInTheDocument();
    expect(within(panel).getByText('$42.00')).toBeInTheDocument();
  });

  it('says so when no order needs attention', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': dashboard({ count: 0, orders: [] }),
    });
    render(<AdminDashboard />);
    const panel = await screen.findByRole('region', { name: NEEDS_ATTENTION_TEXT.title });
    expect(within(panel).getByText(NEEDS_ATTENTION_TEXT.none)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /0 orders need attention/ })).toBeInTheDocument();
  });
});
