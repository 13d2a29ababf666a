import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_TEXT } from '../../../core/admin/exports';
import { ExportPanel } from '../../../src/islands/admin/ExportPanel';
import { fakeApi } from '../support/fake-api';
import { signedIn } from '../support/session';

/** Issue 39 item 11: exports offer last month, and an empty range downloads nothing. */

const HEADER = '\uFEFF"Order","Placed (Pacific)","Total"\n';

beforeEach(() => {
  signedIn();
  // 9 p.m. on Dec 1 in Washington: already Dec 2 in UTC. Last month is November either way.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T05:00:00Z'));
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe("the accountant's exports", () => {
  it('"Last month" picks the whole previous month in shop days; "This month" the month so far', () => {
    fakeApi();
    render(<ExportPanel />);
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: EXPORT_TEXT.lastMonth }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: EXPORT_TEXT.thisMonth }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
  });

  it('says "No orders in this range." instead of downloading a file with a header only', async () => {
    const api = fakeApi({ 'GET /admin/exports/orders.csv': { status: 200, text: HEADER } });
    render(<ExportPanel />);
    fireEvent.click(screen.getByRole('button', { name: EXPORT_TEXT.lastMonth }));
    fireEvent.click(screen.getByRole('button', { name: EXPORT_TEXT.orders }));
    expect(await screen.findByText(EXPORT_TEXT.empty)).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    const [sent] = api.sent('GET /admin/exports/orders.csv');
    expect(Object.fromEntries(sent!.query)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('downloads a range with orders, a line break inside a quoted cell included', async () => {
    fakeApi({
      'GET /admin/exports/order-lines.csv': {
        status: 200,
        text: `${HEADER}"1001","2026-11-02","Note\nsecond line"\n`,
      },
    });
    render(<ExportPanel />);
    fireEvent.click(screen.getByRole('button', { name: EXPORT_TEXT.lines }));
    expect(await screen.findByText(EXPORT_TEXT.done)).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });
});
