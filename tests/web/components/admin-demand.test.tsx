import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminDashboard from '../../../src/islands/admin/AdminDashboard';
import AdminProducts from '../../../src/islands/admin/AdminProducts';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 27 point 5: the stock page and the dashboard show how many shoppers wait. */

const MUG = '00000000-0000-4000-8000-000000000001';
const BLANKET = '00000000-0000-4000-8000-000000000002';

const row = (over: object) => ({
  productId: MUG,
  slug: 'cedar-ridge-mug',
  title: 'Cedar Ridge Stoneware Mug',
  status: 'active',
  image: null,
  categories: ['Kitchen'],
  variant: null,
  sku: 'EG-MUG',
  quantity: 0,
  priceCents: 2400,
  waiting: 0,
  productWaiting: 0,
  ...over,
});

const dashboard = (mostAwaited: unknown[]) => ({
  chartSvg: '<svg></svg>',
  toShip: 0,
  refundsFailed: 0,
  unreadMessages: 0,
  lowStock: [],
  mostAwaited,
  backups: { lastGoodAt: null, ageHours: null, failure: null },
});

beforeEach(() => signedIn());

describe('the stock page', () => {
  it('labels each product and each variant with its waiting shoppers, pluralised', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/products': ok({
        lowStock: 5,
        items: [
          row({ variant: 'Cream', sku: 'EG-MUG-CRM', waiting: 3, productWaiting: 4 }),
          row({ variant: 'Slate Blue', sku: 'EG-MUG-BLU', waiting: 1, productWaiting: 4 }),
          row({ variant: 'Forest Green', sku: 'EG-MUG-GRN', quantity: 9, productWaiting: 4 }),
          row({
            productId: BLANKET,
            title: 'Ferry Deck Plaid Picnic Blanket',
            sku: 'EG-BLANKET',
            waiting: 1,
            productWaiting: 1,
          }),
        ],
      }),
    });
    render(<AdminProducts />);
    const cream = (await screen.findByRole('cell', { name: /^Cream/ })).closest('tr')!;
    expect(within(cream).getByText('3 shoppers waiting')).toBeInTheDocument();
    const blue = screen.getByRole('cell', { name: /^Slate Blue/ });
    expect(within(blue).getByText('1 shopper waiting')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Forest Green' })).not.toHaveTextContent('waiting');
    const groups = screen.getAllByRole('rowgroup').filter((group) => group.tagName === 'TBODY');
    expect(within(groups[0]!).getByText('4 shoppers waiting')).toBeInTheDocument();
    // A product without variants says it once, on its product line.
    expect(within(groups[1]!).getAllByText('1 shopper waiting')).toHaveLength(1);
  });
});

describe('the stock page opened from the dashboard', () => {
  it('is searched to the linked SKU', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/products': ok({
        lowStock: 5,
        items: [
          row({ variant: 'Cream', sku: 'EG-MUG-CRM', waiting: 3, productWaiting: 3 }),
          row({ variant: 'Forest Green', sku: 'EG-MUG-GRN', quantity: 9, productWaiting: 3 }),
        ],
      }),
    });
    window.history.replaceState(null, '', '/admin/products?q=EG-MUG-CRM');
    try {
      render(<AdminProducts />);
      expect(await screen.findByRole('searchbox')).toHaveValue('EG-MUG-CRM');
      expect(screen.getByRole('cell', { name: /^Cream/ })).toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: 'Forest Green' })).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('the dashboard', () => {
  it('lists the most-awaited sold-out items, each linked to its stock row', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': ok(
        dashboard([
          {
            productId: MUG,
            title: 'Cedar Ridge Stoneware Mug',
            variant: 'Cream',
            sku: 'EG-MUG-CRM',
            waiting: 3,
          },
          {
            productId: BLANKET,
            title: 'Ferry Deck Plaid Picnic Blanket',
            variant: null,
            sku: 'EG-BLANKET',
            waiting: 1,
          },
        ]),
      ),
    });
    render(<AdminDashboard />);
    const panel = await screen.findByRole('region', { name: 'Most awaited' });
    expect(
      within(panel).getByRole('link', { name: 'Cedar Ridge Stoneware Mug (Cream)' }),
    ).toHaveAttribute('href', '/admin/products?q=EG-MUG-CRM');
    expect(within(panel).getByText('3 shoppers waiting')).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Ferry Deck Plaid Picnic Blanket' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('1 shopper waiting')).toBeInTheDocument();
  });

  it('says so when nobody waits', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/dashboard': ok(dashboard([])),
    });
    render(<AdminDashboard />);
    const panel = await screen.findByRole('region', { name: 'Most awaited' });
    expect(panel).toHaveTextContent('Nobody is waiting for a sold-out item.');
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
