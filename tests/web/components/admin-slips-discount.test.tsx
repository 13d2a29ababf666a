import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminSlips from '../../../src/islands/admin/AdminSlips';
import { SLIP_TEXT, type Slip } from '../../../core/admin/slips';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 42: a packing slip that shows prices shows the discount code's line under the subtotal. */

const slip = (extra: Partial<Slip>): Slip => ({
  orderId: '7a0c7f5e-8a8e-4a3b-9d3c-1f0e2d3c4b5a',
  number: 1042,
  createdAt: '2026-11-28T18:00:00.000Z',
  shipTo: {
    name: 'Wren Alder',
    line1: '400 Pine St',
    city: 'Seattle',
    state: 'WA',
    zipcode: '98101',
  },
  giftMessage: null,
  showPrices: true,
  lines: [
    {
      sku: 'EG-CANDLE-FIR',
      title: 'Douglas Fir Soy Candle',
      option: null,
      quantity: 2,
      unitPriceCents: 2600,
    },
  ],
  subtotalCents: 5200,
  ...extra,
});

function answer(slips: Slip[]) {
  return { shop: { name: 'Evergreen', returnAddress: null }, slips, pickList: [] };
}

beforeEach(() => {
  signedIn();
  history.replaceState(null, '', '/admin/slips?ids=7a0c7f5e-8a8e-4a3b-9d3c-1f0e2d3c4b5a');
});

describe('a packing slip with a discount code', () => {
  it('shows the code and what it took off under the subtotal', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/slips': ok(answer([slip({ discount: { code: 'WINTER10', amountCents: 520 } })])),
    });
    render(<AdminSlips />);
    const label = await screen.findByText(SLIP_TEXT.discount('WINTER10'));
    expect(label.closest('tr')).toHaveTextContent('−$5.20');
    expect(screen.getByText('$52.00')).toBeInTheDocument();
  });

  it('has no discount line without a code', async () => {
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/slips': ok(answer([slip({})])),
    });
    render(<AdminSlips />);
    await screen.findByText('$52.00');
    expect(screen.queryByText(/^Discount \(/)).toBeNull();
  });
});
