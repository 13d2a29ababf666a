import { z } from 'zod';
import { FIELD_LIMITS } from '../address/model';
import { isPlainText } from '../plain-text';

/**
 * A gift (issue 26, DECISIONS "Gifts"): a message of at most 300 characters of plain text (line
 * breaks kept, no other control character), whether prices are hidden from the recipient, and the
 * recipient's email for the one "on its way" notice. One schema for the shipping step's form and
 * the order API.
 */

export const GIFT_MESSAGE_LIMIT = 300;

export const GIFT_MESSAGES = {
  tooLong: `A gift message can be at most ${GIFT_MESSAGE_LIMIT} characters long.`,
  control:
    'A gift message can hold only letters, numbers, punctuation, spaces and line breaks (no tabs or other control characters).',
  recipientEmail: 'Please enter a valid email for the recipient, or leave it empty.',
  needsShipping: 'A gift needs a shipping address: nothing in this order is shipped.',
} as const;

/** Every text the gift parts of the checkout, the order pages and the emails show. */
export const GIFT_TEXT = {
  isGift: 'This is a gift',
  badge: 'Gift',
  legend: 'Gift',
  message: 'Gift message',
  messageHint: 'Printed on the packing slip. Plain text; line breaks are kept.',
  counter: (used: number) => `${used} / ${GIFT_MESSAGE_LIMIT} characters`,
  hidePrices: 'Hide prices (no prices on the packing slip or in the recipient’s email)',
  pricesHidden: 'Prices hidden from the recipient',
  recipientEmail: 'Recipient’s email (optional)',
  recipientEmailHint:
    'We email them once, when the parcel ships, with the tracking link; never a price, never an advert. We delete the address 30 days after delivery.',
  recipientEmailShown: (email: string) => `The recipient is told at ${email} when it ships.`,
  noMessage: 'No message.',
  recipient: 'Recipient',
  /** The recipient's email (api/modules/orders/admin/gift-email.tsx). */
  shippedSubject: (buyer: string) => `A gift from ${buyer} is on its way`,
  shippedTitle: (buyer: string) => `A gift from ${buyer} is on its way`,
  shippedBody: (buyer: string, shop: string) =>
    `${buyer} has sent you a gift from ${shop}. It has just been shipped.`,
  hello: (name: string) => `Hello ${name},`,
  carrier: (carrier: string) => `Carrier: ${carrier}`,
  trackingNumber: (number: string) => `Tracking number: ${number}`,
  track: 'Track your parcel',
  shippedFooter:
    'You receive this email once, because the sender gave us your address for this parcel. We will not write to you again.',
} as const;

/** The length the form counts and the schema limits: characters as a person sees them (code points). */
export const giftMessageLength = (message: string) => [...message].length;

/** A message as typed: Windows/old-Mac line breaks and U+2028/9 become "\n"; ends trimmed. */
export const normalizeGiftMessage = (message: string) =>
  message.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim();

export const giftMessageSchema = z
  .string()
  .transform(normalizeGiftMessage)
  .refine((message) => isPlainText(message, { lineBreaks: true }), GIFT_MESSAGES.control)
  .refine((message) => giftMessageLength(message) <= GIFT_MESSAGE_LIMIT, GIFT_MESSAGES.tooLong);

const recipientEmail = z
  .string()
  .trim()
  .max(FIELD_LIMITS.email, GIFT_MESSAGES.recipientEmail)
  .refine(
    (email) => email === '' || z.email().safeParse(email).success,
    GIFT_MESSAGES.recipientEmail,
  )
  .nullish()
  .transform((email) => (email ? email.toLowerCase() : null));

/** The gift part of the place-order request (and of the shipping step's form). */
export const giftSchema = z.object({
  message: giftMessageSchema.optional().transform((message) => message ?? ''),
  hidePrices: z.boolean().optional().default(false),
  recipientEmail,
});
export type Gift = z.output<typeof giftSchema>;
export type GiftInput = z.input<typeof giftSchema>;

/** A gift as the order's answers show it to the buyer (and the owner); null: not a gift. */
export interface GiftDto {
  message: string;
  hidePrices: boolean;
  recipientEmail: string | null;
}
