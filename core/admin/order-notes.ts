import { z } from 'zod';
import { isPlainText } from '../plain-text';

/** Internal notes on an order (issue 28 point 5): the back office's only, never the customer's. */
export const NOTE_MESSAGES = {
  text: 'Write the note: 1 to 2000 characters of plain text.',
  added: 'Note added.',
} as const;

export const NOTE_MAX = 2000;

export const noteBody = z.object({
  text: z
    .string({ error: NOTE_MESSAGES.text })
    .trim()
    .min(1, NOTE_MESSAGES.text)
    .max(NOTE_MAX, NOTE_MESSAGES.text)
    .refine((text) => isPlainText(text, { lineBreaks: true }), NOTE_MESSAGES.text),
});
export type NoteBody = z.infer<typeof noteBody>;

/** One note as the order page lists it. */
export interface OrderNote {
  id: string;
  authorEmail: string;
  text: string;
  createdAt: string;
}
