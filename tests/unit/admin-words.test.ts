import { describe, expect, it } from 'vitest';
import { historyLine } from '../../src/islands/admin/history-notes';
import { noun, plural, statusLabel } from '../../src/islands/admin/words';
import { when } from '../../src/islands/admin/RequireAdmin';

const OWNER = 'owner@example.com';

/** Issue 25 point 6: the back office's history, states and counts read as words. */
describe('the back office in words', () => {
  it('pluralises counts', () => {
    expect([0, 1, 2].map((count) => plural(count, 'order'))).toEqual([
      '0 orders',
      '1 order',
      '2 orders',
    ]);
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
    expect(noun(1, 'message')).toBe('message');
  });

  it('capitalises states and writes their underscores as spaces', () => {
    expect(['unfulfilled', 'refund_failed', 'pending_payment'].map(statusLabel)).toEqual([
      'Unfulfilled',
      'Refund failed',
      'Pending payment',
    ]);
  });

  it("writes each of an order's changes as a sentence", () => {
    const line = (action: string, after: Record<string, unknown> | null) =>
      historyLine({ action, actorEmail: OWNER, after });
    expect(
      line('order.ship', {
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      }),
    ).toBe(`Shipped with UPS 1Z999AA10123456784 by ${OWNER}`);
    expect(line('order.deliver', { status: 'delivered' })).toBe(`Marked delivered by ${OWNER}`);
    expect(line('order.cancel', { status: 'canceled', reason: 'out_of_stock' })).toBe(
      `Canceled and refunded by ${OWNER} (reason: Out of stock)`,
    );
    expect(line('order.cancel', { status: 'refund_failed', reason: 'fraud' })).toBe(
      `Canceled by ${OWNER}, but the refund failed (reason: Suspected fraud)`,
    );
    expect(line('order.retry-refund', { status: 'canceled' })).toBe(
      `Refund retried and done by ${OWNER}`,
    );
    expect(line('order.retry-refund', { status: 'refund_failed' })).toBe(
      `Refund retried by ${OWNER}, and it failed again`,
    );
    expect(
      line('order.refund', {
        status: 'succeeded',
        amountCents: 6403,
        lines: [{ orderItemId: 'x', quantity: 1, amountCents: 6403 }],
      }),
    ).toBe(`Refunded $64.03 for a return by ${OWNER}`);
    expect(line('order.refund', { status: 'failed', amountCents: 1000, lines: [] })).toBe(
      `Refund of $10.00 for a return tried by ${OWNER}: it failed`,
    );
    expect(line('order.restock', { lines: ['Restocked 1 × Red Alder Cutting Board'] })).toBe(
      `Return received by ${OWNER}: Restocked 1 × Red Alder Cutting Board`,
    );
    // An action this page does not know yet still reads as words.
    expect(line('order.gift-note', null)).toBe(`Gift note by ${OWNER}`);
  });
});

describe("the back office's clock", () => {
  it("shows a moment as the shop's day and time, not the browser's or UTC's", () => {
    // 05:30 UTC on Nov 28 is 9:30 PM on Nov 27 in Washington (PST, UTC-8).
    expect(when('2026-11-28T05:30:00Z')).toBe('Nov 27, 2026, 9:30 PM');
    // Summer: PDT, UTC-7.
    expect(when('2026-07-04T06:15:00Z')).toBe('Jul 3, 2026, 11:15 PM');
    expect(when(null)).toBe('');
  });
});
