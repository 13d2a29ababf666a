import { z } from 'zod';
import { isPlainText } from '../plain-text';

/**
 * Why the shop cancels an order (issue 25 point 2): the owner picks one in the back office, the
 * order keeps it, and the customer's email says it in words. A customer's own cancel has none.
 */
export const CANCEL_REASONS = ['out_of_stock', 'cannot_ship', 'fraud', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Each reason as the owner picks it and the order's history shows it. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  out_of_stock: 'Out of stock',
  cannot_ship: 'Cannot ship to the address',
  fraud: 'Suspected fraud',
  other: 'Other',
};

/** Each reason as the customer's email says it ("We canceled your order 1042 because …"). */
export const CANCEL_REASON_WORDS: Record<Exclude<CancelReason, 'other'>, string> = {
  out_of_stock: 'an item in it is out of stock',
  cannot_ship: 'we cannot ship to the address you gave',
  fraud: 'we could not verify its payment',
};

export const CANCEL_MESSAGES = {
  reason: 'Choose why the order is canceled.',
  note: 'Say why the order is canceled, in 1 to 500 characters of plain text.',
} as const;

/**
 * POST /admin/orders/:id/cancel, and the back office's cancel form: the reason, and for "other"
 * the owner's own words (1 to 500 characters, plain text). A note with another reason is dropped.
 */
export const cancelBody = z
  .object({
    reason: z.enum(CANCEL_REASONS, { error: CANCEL_MESSAGES.reason }),
    note: z.string({ error: CANCEL_MESSAGES.note }).trim().optional(),
  })
  .transform(({ reason, note }) => ({ reason, note: reason === 'other' ? (note ?? '') : null }))
  .refine(
    ({ note }) =>
      note === null ||
      (note.length >= 1 && note.length <= 500 && isPlainText(note, { lineBreaks: true })),
    { error: CANCEL_MESSAGES.note, path: ['note'] },
  );
export type CancelBody = z.infer<typeof cancelBody>;

/** The reason as the back office's history shows it: its label, and the owner's words for "other". */
export function cancelReasonText(reason: CancelReason, note: string | null): string {
  return reason === 'other' && note
    ? `${CANCEL_REASON_LABELS.other}: ${note}`
    : CANCEL_REASON_LABELS[reason];
}
