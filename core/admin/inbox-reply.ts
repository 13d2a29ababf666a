import { z } from 'zod';
import { isPlainText } from '../plain-text';

/**
 * The owner's reply to a contact message or an issue report from the inbox (issue 25 point 6):
 * mailed to the writer through the outbox, kept on the item's thread, audited.
 */
export const REPLY_KINDS = ['contact', 'issue'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const REPLY_MAX = 5000;

export const REPLY_MESSAGES = {
  message: `Write your reply: 1 to ${REPLY_MAX} characters.`,
  noEmail: 'This message has no email address, so it cannot be answered.',
  notFound: 'There is no such message.',
} as const;

/** POST /admin/inbox/:kind/:id/reply, and the inbox's reply form: plain text, line breaks kept. */
export const replyBody = z.object({
  message: z
    .string({ error: REPLY_MESSAGES.message })
    .trim()
    .min(1, REPLY_MESSAGES.message)
    .max(REPLY_MAX, REPLY_MESSAGES.message)
    .refine((text) => isPlainText(text, { lineBreaks: true }), { error: REPLY_MESSAGES.message }),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const replyParams = z.object({ kind: z.enum(REPLY_KINDS), id: z.uuid() });
