import {
  CANCEL_REASONS,
  cancelReasonText,
  type CancelReason,
} from '../../../core/admin/cancel-reason';

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
