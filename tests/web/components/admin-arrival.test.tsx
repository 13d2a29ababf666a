import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALLOWED_STATES } from '../../../core/address/model';
import { arrivalWindow, formatArrivalRange } from '../../../core/arrival';
import { ARRIVAL_SETTINGS_MESSAGES, type ArrivalSettingsDto } from '../../../core/arrival-settings';
import AdminArrival from '../../../src/islands/admin/AdminArrival';
import AdminOrders from '../../../src/islands/admin/AdminOrders';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';
import { user } from '../support/user';

/*
 * Issue 41: the owner's arrival settings page (closures, occasions, transit days), each form
 * checked with the API's schema before it is sent, and the orders list's ship-by marks.
 */
const settings = (closures: ArrivalSettingsDto['closures'] = []): ArrivalSettingsDto => ({
  closures,
  occasions: [],
  transit: ALLOWED_STATES.map((state) => ({ state, min: 5, max: 7, custom: false })),
});

beforeEach(() => {
  signedIn();
  history.replaceState(null, '', '/admin/arrival');
});

describe('the arrival settings page', () => {
  it('adds a one-day closure (the last day left empty), lists it and removes it', async () => {
    const today = new Date();
    const day = today.toISOString().slice(0, 10);
    const closure = { id: 7, from: day, to: day, note: 'Inventory day' };
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/arrival': ok(settings()),
      'POST /admin/arrival/closures': ok(settings([closure])),
      'DELETE /admin/arrival/closures/7': ok(settings()),
    });
    render(<AdminArrival />);
    const line = await screen.findByTestId('arrival-today');
    const open = arrivalWindow({ now: new Date(), closures: [] });
    expect(line).toHaveTextContent(formatArrivalRange(open));

    await user.type(screen.getByLabelText('First day closed'), day);
    await user.type(screen.getByLabelText('Note for shoppers'), 'Inventory day');
    await user.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Closure added.')).toBeInTheDocument();
    expect(api.sent('POST /admin/arrival/closures')[0]!.body).toEqual({
      from: day,
      to: day,
      note: 'Inventory day',
    });
    const list = screen.getByTestId('closures');
    expect(list).toHaveTextContent('Inventory day');

    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    expect(api.sent('DELETE /admin/arrival/closures/7')).toHaveLength(1);
  });

  it('refuses a closure ending before it starts without sending it', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/arrival': ok(settings()),
    });
    render(<AdminArrival />);
    await user.type(await screen.findByLabelText('First day closed'), '2026-12-26');
    await user.type(screen.getByLabelText('Last day closed (empty: one day)'), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ARRIVAL_SETTINGS_MESSAGES.order);
    expect(api.sent('POST /admin/arrival/closures')).toHaveLength(0);
  });

  it('adds an occasion with 21 days’ notice unless the owner changes it, lists it and removes it', async () => {
    const christmas = { id: 4, name: 'Christmas', date: '2026-12-25', noticeDays: 21 };
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/arrival': ok(settings()),
      'POST /admin/arrival/occasions': ok({ ...settings(), occasions: [christmas] }),
      'DELETE /admin/arrival/occasions/4': ok(settings()),
    });
    render(<AdminArrival />);
    expect(await screen.findByLabelText('Notice days')).toHaveValue(21);
    await user.type(screen.getByLabelText('Name (e.g. Christmas)'), 'Christmas');
    await user.type(screen.getByLabelText('Date'), '2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Add occasion' }));
    expect(await screen.findByText('Occasion added.')).toBeInTheDocument();
    // The form is ready for the next one.
    expect(screen.getByLabelText('Name (e.g. Christmas)')).toHaveValue('');
    expect(api.sent('POST /admin/arrival/occasions')[0]!.body).toEqual({
      name: 'Christmas',
      date: '2026-12-25',
      noticeDays: 21,
    });
    const list = screen.getByTestId('occasions');
    expect(list).toHaveTextContent("Christmas, Dec 25 2026 (21 days' notice)");
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    expect(api.sent('DELETE /admin/arrival/occasions/4')).toHaveLength(1);
  });

  it('saves a state’s transit days', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/arrival': ok(settings()),
      'PUT /admin/arrival/transit': ok(settings()),
    });
    render(<AdminArrival />);
    const slowest = await screen.findByLabelText('Slowest');
    await user.clear(slowest);
    await user.type(slowest, '9');
    await user.click(screen.getByRole('button', { name: 'Save transit days' }));
    expect(await screen.findByText('Transit days saved.')).toBeInTheDocument();
    expect(api.sent('PUT /admin/arrival/transit')[0]!.body).toEqual({
      state: 'WA',
      min: 5,
      max: 9,
    });
  });
});

describe('the orders list', () => {
  it('marks the orders to ship today and the late ones', async () => {
    history.replaceState(null, '', '/admin/orders?status=unfulfilled');
    const row = (number: number, shipBy: string, shipMark: string | null) => ({
      id: `00000000-0000-4000-8000-00000000000${number}`,
      number,
      email: 'a@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      status: 'unfulfilled',
      createdAt: '2026-12-01T18:00:00.000Z',
      totalCents: 2400,
      netCents: 2400,
      canShip: true,
      shipBy,
      shipMark,
    });
    fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/orders': ok({
        orders: [
          row(1, '2026-12-02', 'late'),
          row(2, '2026-12-04', 'today'),
          row(3, '2026-12-08', null),
        ],
        page: 1,
        pageSize: 25,
        total: 3,
      }),
    });
    render(<AdminOrders />);
    const cells = await screen.findAllByTestId('order-ship-by');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Dec 2 · Late',
      'Dec 4 · Ship today',
      'Dec 8',
    ]);
  });
});
