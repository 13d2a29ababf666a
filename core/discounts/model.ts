import { z } from 'zod';
import { formatCents, isWholeCents } from '../money';

/**
 * Discount codes (issue 42, DECISIONS "Discounts"): what the owner makes, what a shopper types,
 * and every sentence either of them reads. Pure: the back office's form, the checkout and the
 * server share it. The money rules (what a code takes off, how it is split over lines) live beside
 * it in `./money.ts`; whether a code applies to an order in `./eligibility.ts`.
 */

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_STATUSES = ['active', 'paused'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Letters, digits, dashes and underscores; 3 to 32 of them. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** How a typed code is compared with the owner's: trimmed, upper case. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** Why a code does not apply, each in the sentence the shopper reads under the code's field. */
export const DISCOUNT_MESSAGES = {
  format: 'Enter a discount code: 3 to 32 letters, digits, dashes or underscores.',
  unknown: 'This discount code does not exist.',
  paused: 'This discount code is not active right now.',
  notStarted: (day: string) => `This discount code can be used from ${day}.`,
  ended: (day: string) => `This discount code ended on ${day}.`,
  usedUp: 'This discount code has been used as many times as it can be.',
  alreadyUsed: 'You have already used this discount code. It can be used once per customer.',
  minimum: (cents: number) =>
    `This discount code needs a subtotal of at least ${formatCents(cents)} before tax.`,
  nothingEligible: 'This discount code does not apply to anything in your cart.',
  /** Said beside the applied code's line in the summary. */
  applied: 'Discount code applied.',
  removed: 'Discount code removed.',
} as const;

/** The sentences of the owner's form and list. */
export const DISCOUNT_ADMIN_MESSAGES = {
  codeTaken: 'Another discount code already has this name.',
  percentRange: 'A percentage is a whole number from 1 to 100.',
  fixedRange: 'An amount is from $0.01 to $10,000.00.',
  minimumRange: 'The minimum subtotal is from $0.00 to $100,000.00.',
  datesOrder: 'The end date cannot be before the start date.',
  usesRange: 'Total uses is a whole number from 1 to 1,000,000, or empty for no limit.',
  usesBelowCount: (uses: number) =>
    `This code has been used ${uses} ${uses === 1 ? 'time' : 'times'}: total uses cannot be fewer.`,
  notFound: 'That discount code does not exist.',
  saved: 'Discount code saved.',
  paused: 'Discount code paused.',
  activated: 'Discount code active again.',
} as const;

/** The owner's dashboard: what each code gave away in the last 30 days. */
export const DASHBOARD_DISCOUNT_TEXT = {
  title: 'Discount codes, last 30 days',
  netRevenue: 'Revenue above is what customers paid, after these discounts.',
  none: 'No order used a discount code in the last 30 days.',
} as const;

/** The code a shopper sends with the quote and the order: trimmed, checked for its shape only. */
export const discountCodeSchema = z
  .string({ error: DISCOUNT_MESSAGES.format })
  .trim()
  .regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.format);

const shopDay = z.iso.date();

/**
 * The owner's form (POST /api/admin/discounts and PUT /api/admin/discounts/:id): `value` is the
 * percentage (1–100) or the amount in dollars, as the form shows them.
 */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.format)
      .transform(normalizeCode),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.number().positive(),
    minSubtotal: z
      .number()
      .min(0, DISCOUNT_ADMIN_MESSAGES.minimumRange)
      .max(100_000, DISCOUNT_ADMIN_MESSAGES.minimumRange)
      .default(0),
    categories: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    productIds: z.array(z.uuid()).max(500).default([]),
    startsOn: shopDay.nullable().default(null),
    endsOn: shopDay.nullable().default(null),
    maxUses: z
      .number()
      .int()
      .min(1, DISCOUNT_ADMIN_MESSAGES.usesRange)
      .max(1_000_000, DISCOUNT_ADMIN_MESSAGES.usesRange)
      .nullable()
      .default(null),
    oncePerCustomer: z.boolean().default(false),
    status: z.enum(DISCOUNT_STATUSES).default('active'),
  })
  .superRefine((input, context) => {
    const percent = input.kind === 'percent';
    if (percent && (!Number.isInteger(input.value) || input.value > 100)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: DISCOUNT_ADMIN_MESSAGES.percentRange,
      });
    }
    if (!percent && (input.value > 10_000 || !isWholeCents(input.value))) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: DISCOUNT_ADMIN_MESSAGES.fixedRange,
      });
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: DISCOUNT_ADMIN_MESSAGES.datesOrder,
      });
    }
  });
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;

/** A code as the back office lists and edits it (money in dollars). */
export interface DiscountCodeDto extends DiscountCodeInput {
  _id: string;
  /** Orders that used it and have not given the use back. */
  uses: number;
  /** What it has taken off paid orders in all, dollars (the dashboard's figure too). */
  given: number;
  createdAt: string;
  updatedAt: string;
}

/** The applied code in a quote's and an order's answers: what it took off, dollars. */
export interface DiscountDto {
  code: string;
  amount: number;
}
