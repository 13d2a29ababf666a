import { z } from 'zod';
import { addDays, calendarDate } from '../dates';
import { isPlainText, searchText } from '../plain-text';
import { shopDayOf } from '../shop-calendar';
import { isWholeCents } from '../money';

/*
 * Gift cards (issue 26 item 3; DECISIONS "Gift cards"): sold as catalogue products, untaxed at
 * sale, paid into a ledger whose sum is the balance, no expiry date and no fees (RCW 19.240).
 * Both sides share these rules: the product page's form and the order API parse the same schema.
 */

/** The seeded product's sku, and the sku of its variant whose amount the shopper chooses. */
export const GIFT_CARD_SKU = 'EG-GIFTCARD';
export const GIFT_CARD_CUSTOM_SKU = 'EG-GIFTCARD-CUSTOM';
export const GIFT_CARD_MIN_DOLLARS = 10;
export const GIFT_CARD_MAX_DOLLARS = 500;
export const GIFT_CARD_MESSAGE_MAX = 300;
export const GIFT_CARD_DELIVERY_DAYS = 90;

/** 16 characters, no 0/O, 1/I/L or U: nothing a reader can mistake for another. */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;

export const GIFT_CARD_TEXTS = {
  noExpiry: 'Evergreen gift cards never expire and carry no fees (RCW 19.240).',
  notReturnable: 'Gift cards are not returnable.',
  amount: `Choose an amount from $${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS} in whole dollars.`,
  recipientName: "Enter the recipient's name (1 to 100 characters).",
  recipientEmail: "Enter the recipient's email address.",
  message: `The message can be at most ${GIFT_CARD_MESSAGE_MAX} characters, without control characters.`,
  deliverOn: `Choose a delivery date from today up to ${GIFT_CARD_DELIVERY_DAYS} days ahead.`,
  detailsRequired: 'Please enter the gift card’s recipient and delivery date.',
  codeFormat: 'Enter the 16-character gift card code.',
  /** The one answer for a code that is wrong, unknown, disabled or not yet delivered. */
  codeRefused: 'This gift card code cannot be used. Please check it and try again.',
  throttled: 'Too many gift card codes tried. Please wait a few minutes before trying again.',
  empty: 'This gift card has no balance left.',
  notForGiftCards: 'A gift card cannot pay for another gift card.',
  balance: (amount: string) => `Balance: ${amount}`,
  disabled: 'This gift card is disabled.',
  /** A cancel's or refund's money, when a gift card paid part of the order: the card's part first. */
  refundSplit: (toGiftCard: string, toCard: string) =>
    `We returned ${toGiftCard} to your gift card first and refunded ${toCard} to your payment card; your bank shows the card's part within 5-7 business days.`,
  paidParts: (byGiftCard: string, byCard: string) =>
    `Paid ${byGiftCard} by gift card and ${byCard} by payment card.`,
} as const;

/** The product page's and the checkout's labels for gift cards. */
export const GIFT_CARD_LABELS = {
  amount: 'Amount in dollars ($10 to $500)',
  recipientName: 'Recipient’s name',
  recipientEmail: 'Recipient’s email',
  message: 'Message (optional)',
  deliverOn: 'Delivery date',
  code: 'Gift card code',
  apply: 'Apply gift card',
  remove: 'Remove gift card',
  check: 'Check balance',
  balanceTitle: 'Gift card balance',
  paidByGiftCard: (last4: string) => `Gift card ending ${last4}`,
  paidByCard: 'Payment card',
  yourCode: 'Your gift card code',
  codeOnce:
    'This code is shown only here and in the email sent on the delivery date. Keep it safe: it spends like cash.',
  coversAll: 'Your gift card pays for the whole order: no payment card is needed.',
  applied: (last4: string, amount: string) =>
    `Gift card ending ${last4} applied: ${amount} balance.`,
} as const;

/** Today's date on the shop's calendar, as YYYY-MM-DD: delivery dates are the shop's days. */
export const shopToday = (now: Date = new Date()): string => shopDayOf(now);

/** A YYYY-MM-DD date `days` later (the one date module's, kept here for the product page). */
export { addDays };

/**
 * What the product page asks for a gift card line, and what the order API checks it against.
 * `amount` (whole dollars) only for the custom-amount variant; `now` fixes "today" (tests).
 */
export function giftCardDetailsSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      amount: z
        .number({ error: GIFT_CARD_TEXTS.amount })
        .int(GIFT_CARD_TEXTS.amount)
        .min(GIFT_CARD_MIN_DOLLARS, GIFT_CARD_TEXTS.amount)
        .max(GIFT_CARD_MAX_DOLLARS, GIFT_CARD_TEXTS.amount)
        .optional(),
      recipientName: z
        .string({ error: GIFT_CARD_TEXTS.recipientName })
        .trim()
        .min(1, GIFT_CARD_TEXTS.recipientName)
        .max(100, GIFT_CARD_TEXTS.recipientName)
        .refine((value) => isPlainText(value, { lineBreaks: true }), GIFT_CARD_TEXTS.recipientName),
      recipientEmail: z
        .email({ error: GIFT_CARD_TEXTS.recipientEmail })
        .trim()
        .max(254, GIFT_CARD_TEXTS.recipientEmail),
      message: z
        .string({ error: GIFT_CARD_TEXTS.message })
        .max(GIFT_CARD_MESSAGE_MAX, GIFT_CARD_TEXTS.message)
        .refine((value) => isPlainText(value, { lineBreaks: true }), GIFT_CARD_TEXTS.message)
        .optional()
        .default(''),
      // A real calendar day (2026-11-31 is refused), from today to 90 days ahead.
      deliverOn: calendarDate(GIFT_CARD_TEXTS.deliverOn).refine((day) => {
        const today = shopToday(now());
        return day >= today && day <= addDays(today, GIFT_CARD_DELIVERY_DAYS);
      }, GIFT_CARD_TEXTS.deliverOn),
    })
    .strict();
}
export const giftCardDetails = giftCardDetailsSchema();
export type GiftCardDetails = z.output<typeof giftCardDetails>;

/** A code as typed: spaces and dashes dropped, upper case; undefined when it cannot be a code. */
export function normaliseGiftCardCode(input: string): string | undefined {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return undefined;
  for (const char of code) if (!GIFT_CARD_ALPHABET.includes(char)) return undefined;
  return code;
}

/** A code as printed: four groups of four. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** A code field: any text a shopper may type; normalised where it is used. */
export const giftCardCodeSchema = z
  .string({ error: GIFT_CARD_TEXTS.codeFormat })
  .trim()
  .min(1, GIFT_CARD_TEXTS.codeFormat)
  .max(40, GIFT_CARD_TEXTS.codeFormat);

export const balanceRequestSchema = z.object({ code: giftCardCodeSchema });

/** The back office's search of gift cards: a whole code, its last 4, or part of an email or name. */
export const giftCardSearchQuery = z.object({ q: searchText(254).optional() });

/** What the billing step shows once a code is accepted. */
export interface GiftCardQuote {
  last4: string;
  /** The card's balance, dollars. */
  balance: number;
  /** What it pays of this order, dollars; the payment card pays `total - applied`. */
  applied: number;
}

export const GIFT_CARD_ADMIN_MESSAGES = {
  resendAsk: (email: string, last4: string) =>
    `Send ${email} a new code? The code ending ${last4} stops working, and the new email says so.`,
  disableAsk: (last4: string) =>
    `Disable the card ending ${last4}? Its code will pay for nothing any more; its balance stays in the ledger.`,
  noneFound: (q: string) => `No gift card matches “${q}”.`,
  notFound: 'No such gift card.',
  notResendable: 'Only a delivered gift card that is not disabled can be sent again.',
  notDisableable: 'This gift card is already disabled.',
  belowZero: 'An adjustment cannot take a balance below zero.',
  adjustAmount: 'Enter a non-zero amount in dollars and cents, at most $500.',
  adjustNote: 'Say why, in up to 200 characters.',
  resent: 'Sent again with a new code; the old code no longer works.',
  disabled: 'Disabled: its code pays for nothing any more.',
} as const;

/** An owner's adjustment of a card's balance: ± dollars and a reason. */
export const adjustBodySchema = z.object({
  amount: z
    .number({ error: GIFT_CARD_ADMIN_MESSAGES.adjustAmount })
    .min(-500, GIFT_CARD_ADMIN_MESSAGES.adjustAmount)
    .max(500, GIFT_CARD_ADMIN_MESSAGES.adjustAmount)
    .refine((value) => value !== 0 && isWholeCents(value), GIFT_CARD_ADMIN_MESSAGES.adjustAmount),
  note: z
    .string()
    .trim()
    .min(1, GIFT_CARD_ADMIN_MESSAGES.adjustNote)
    .max(200, GIFT_CARD_ADMIN_MESSAGES.adjustNote),
});

/** A ledger row as the back office shows it. */
export interface GiftCardLedgerDto {
  kind: 'issue' | 'redemption' | 'refund' | 'adjustment';
  amount: number;
  orderNumber: number | null;
  note: string | null;
  createdAt: string;
}

export interface GiftCardAdminDto {
  _id: string;
  last4: string | null;
  recipientName: string;
  recipientEmail: string;
  deliverOn: string;
  deliveredAt: string | null;
  disabledAt: string | null;
  orderNumber: number | null;
  initial: number;
  balance: number;
  ledger?: GiftCardLedgerDto[];
}
