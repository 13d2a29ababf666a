import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GIFT_CARD_ADMIN_MESSAGES } from '../../../core/gift-cards/model';
import AdminGiftCards from '../../../src/islands/gift-cards/AdminGiftCards';
import { fakeApi, ok } from '../support/fake-api';
import { signedIn } from '../support/session';
import { user } from '../support/user';

/*
 * Issue 39 point 9: the owner's gift cards — found by a search from the address, and resend and
 * disable asked in the page's own confirm step (never the browser's confirm()), which says what
 * will happen before anything is sent.
 */

const CARD_ID = '00000000-0000-4000-8000-0000000000c1';
const card = {
  _id: CARD_ID,
  last4: '6789',
  recipientName: 'Lee Park',
  recipientEmail: 'lee@example.com',
  deliverOn: '2026-11-20',
  deliveredAt: '2026-11-20T16:00:00.000Z',
  disabledAt: null,
  orderNumber: 1042,
  initial: 25,
  balance: 25,
};

beforeEach(() => {
  signedIn();
  history.replaceState(null, '', '/admin/giftcards?q=6789');
});

describe('the back office gift cards', () => {
  it('searches with the address query, and says when nothing matches', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/giftcards': (sent) => ok(sent.query.get('q') === '6789' ? [card] : []),
    });
    render(<AdminGiftCards />);
    expect(await screen.findByText('…6789')).toBeInTheDocument();
    expect(api.sent('GET /admin/giftcards')[0]!.query.get('q')).toBe('6789');
    expect(screen.getByLabelText('Code, last 4, email or name')).toHaveValue('6789');
  });

  it('asks before a resend and a disable in its own step; Go back sends nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/giftcards': ok([card]),
      [`GET /admin/giftcards/${CARD_ID}`]: ok({ ...card, ledger: [] }),
      [`POST /admin/giftcards/${CARD_ID}/resend`]: ok({ ...card, last4: 'QRST', ledger: [] }),
      [`POST /admin/giftcards/${CARD_ID}/disable`]: ok({
        ...card,
        disabledAt: '2026-11-28T10:00:00.000Z',
        ledger: [],
      }),
    });
    render(<AdminGiftCards />);
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    const disableStep = screen.getByRole('group');
    expect(disableStep).toHaveTextContent(GIFT_CARD_ADMIN_MESSAGES.disableAsk('6789'));
    await user.click(within(disableStep).getByRole('button', { name: 'Go back' }));
    expect(api.sent(`POST /admin/giftcards/${CARD_ID}/disable`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Resend to lee@example.com' }));
    const resendStep = screen.getByRole('group');
    expect(resendStep).toHaveTextContent(
      GIFT_CARD_ADMIN_MESSAGES.resendAsk('lee@example.com', '6789'),
    );
    expect(api.sent(`POST /admin/giftcards/${CARD_ID}/resend`)).toHaveLength(0);
    await user.click(within(resendStep).getByRole('button', { name: 'Yes, send a new code' }));
    expect(await screen.findByText(GIFT_CARD_ADMIN_MESSAGES.resent)).toBeInTheDocument();
    expect(api.sent(`POST /admin/giftcards/${CARD_ID}/resend`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disable it' }));
    expect(await screen.findByText(GIFT_CARD_ADMIN_MESSAGES.disabled)).toBeInTheDocument();
    expect(api.sent(`POST /admin/giftcards/${CARD_ID}/disable`)).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });
});
