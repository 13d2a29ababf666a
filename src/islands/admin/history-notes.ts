import {
  CANCEL_REASONS,
  cancelReasonText,
  type CancelReason,
} from '../../../core/admin/cancel-reason';
import { formatCents } from '../../../core/money';
import { NO_CARRIER } from '../../../core/admin/model';
import { ORDER_STATE } from '../../../core/orders/lifecycle';

const isReason = (value: unknown): value is CancelReason =>
  typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);

/**
 * What an order's history line adds after its action (issue 25): why the shop canceled it, and
 * the units a received return put back on sale ("Restocked 2 × Enamel Mug").
 */
export function historyNote(after: Record<string, unknown> | null): string {
  if (!after) return '';
  if (isReason(after.reason)) {
    const note = typeof after.note === 'string' ? after.note : null;
    return ` (reason: ${cancelReasonText(after.reason, note)})`;
  }
  const lines = after.lines;
  if (Array.isArray(lines) && lines.length > 0 && lines.every((line) => typeof line === 'string')) {
    return `: ${lines.join('; ')}`;
  }
  return '';
}

/** One row of an order's history, as the API lists it (an audit row of a change). */
export interface HistoryEntry {
  action: string;
  actorEmail: string;
  after: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '');

/** The lines of an owner's refund in words: "1 × Campfire Enamel Mug (restocked)". */
function refundedLines(lines: unknown): string {
  if (!Array.isArray(lines)) return '';
  return lines
    .map((line: { title?: unknown; quantity?: unknown; restocked?: unknown }) => {
      const restocked = typeof line.restocked === 'number' && line.restocked > 0;
      return `${String(line.quantity)} × ${text(line.title)}${restocked ? ' (restocked)' : ''}`;
    })
    .join(', ');
}

/** Where "by owner@…" goes in a sentence that does not end with it. */
const BY = '{by}';

/** What was done, in words: "Shipped with UPS 1Z999AA10123456784" (then "by …"). */
function whatWasDone(action: string, after: Record<string, unknown>): string {
  const status = text(after.status);
  switch (action) {
    case 'order.ship':
      return after.carrier === NO_CARRIER
        ? 'Shipped by untracked letter mail'
        : `Shipped with ${text(after.carrier)} ${text(after.trackingNumber)}`.trim();
    case 'order.refund-lines':
      return status === 'failed'
        ? `Refund of ${cents(after.amountCents)} tried ${BY}: it failed`
        : `Refunded ${cents(after.amountCents)} for ${refundedLines(after.lines)}`;
    case 'order.deliver':
      return 'Marked delivered';
    case 'order.cancel':
      if (status === ORDER_STATE.canceled) return 'Canceled and refunded';
      if (status === ORDER_STATE.refundFailed) return `Canceled ${BY}, but the refund failed`;
      return 'Cancel started';
    case 'order.retry-refund':
      return status === ORDER_STATE.canceled
        ? 'Refund retried and done'
        : `Refund retried ${BY}, and it failed again`;
    case 'order.refund':
      return status === 'failed'
        ? `Refund of ${cents(after.amountCents)} for a return tried ${BY}: it failed`
        : `Refunded ${cents(after.amountCents)} for a return`;
    case 'order.restock':
      return 'Return received';
    case 'order.note':
      return 'Internal note added';
    default: {
      const words = action.replace(/^order\./, '').replace(/[._-]/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/**
 * An order's history line in words (issue 25 point 6): "Shipped with UPS 1Z… by owner@…",
 * "Canceled and refunded by owner@… (reason: Out of stock)", "Return received by owner@…:
 * Restocked 1 × Enamel Mug".
 */
export function historyLine(entry: HistoryEntry): string {
  const after = entry.after ?? {};
  const note =
    entry.action === 'order.refund'
      ? ''
      : entry.action === 'order.refund-lines'
        ? ` (reason: ${text(after.reason)})`
        : historyNote(entry.after);
  const done = whatWasDone(entry.action, after);
  const by = `by ${entry.actorEmail}`;
  return `${done.includes(BY) ? done.replace(BY, by) : `${done} ${by}`}${note}`;
}
