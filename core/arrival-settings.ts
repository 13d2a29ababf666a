import { z } from 'zod';
import { ALLOWED_STATES } from './address/model';
import { calendarDate, DAY_MS } from './dates';
import { isPlainText } from './plain-text';
import { productIdParams } from './product/model';
import { DEFAULT_NOTICE_DAYS } from './arrival-notices';
import type { CartArrival } from './arrival';

/**
 * The owner's arrival settings (issue 41) and the answers about them: one zod schema per form,
 * used by the back-office form and by the API, so both refuse with the same sentence.
 */

export const MAX_CLOSURE_DAYS = 92;
export const MAX_NOTICE_DAYS = 90;
export const MAX_TRANSIT_DAYS = 30;

export const ARRIVAL_SETTINGS_MESSAGES = {
  from: 'Enter the first day closed.',
  to: 'Enter the last day closed.',
  order: 'The last day closed cannot be before the first.',
  span: `A closure can last at most ${MAX_CLOSURE_DAYS} days.`,
  note: 'Enter a note for shoppers of at most 120 characters, without control characters.',
  name: 'Enter the occasion’s name, 1 to 40 characters.',
  date: 'Enter the occasion’s date.',
  noticeDays: `Enter notice days from 1 to ${MAX_NOTICE_DAYS}.`,
  transit: `Enter transit days from 1 to ${MAX_TRANSIT_DAYS}.`,
  transitOrder: 'The slowest transit cannot be quicker than the fastest.',
  state: 'Choose a state the shop ships to.',
  closureGone: 'That closure no longer exists.',
  occasionGone: 'That occasion no longer exists.',
  productGone: 'That product is not in the shop.',
} as const;
const M = ARRIVAL_SETTINGS_MESSAGES;

const spanDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/** A closure: one day (`to` equal to `from`) or a range, with the note shown to shoppers. */
export const closureBody = z
  .object({
    from: calendarDate(M.from),
    to: calendarDate(M.to),
    note: z
      .string({ error: M.note })
      .trim()
      .max(120, M.note)
      .refine((value) => isPlainText(value), M.note),
  })
  .superRefine((value, context) => {
    if (value.to < value.from) context.addIssue({ code: 'custom', path: ['to'], message: M.order });
    else if (spanDays(value.from, value.to) > MAX_CLOSURE_DAYS)
      context.addIssue({ code: 'custom', path: ['to'], message: M.span });
  });
export type ClosureBody = z.output<typeof closureBody>;

export const occasionBody = z.object({
  name: z
    .string({ error: M.name })
    .trim()
    .min(1, M.name)
    .max(40, M.name)
    .refine((value) => isPlainText(value), M.name),
  date: calendarDate(M.date),
  noticeDays: z
    .int({ error: M.noticeDays })
    .min(1, M.noticeDays)
    .max(MAX_NOTICE_DAYS, M.noticeDays)
    .default(DEFAULT_NOTICE_DAYS),
});
export type OccasionBody = z.output<typeof occasionBody>;

const transitDays = z.int({ error: M.transit }).min(1, M.transit).max(MAX_TRANSIT_DAYS, M.transit);

/** One state's transit days. */
export const transitBody = z
  .object({ state: z.enum(ALLOWED_STATES, { error: M.state }), min: transitDays, max: transitDays })
  .refine((value) => value.max >= value.min, { path: ['max'], message: M.transitOrder });
export type TransitBody = z.output<typeof transitBody>;

export const settingIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const transitStateParams = z.object({ state: z.enum(ALLOWED_STATES, { error: M.state }) });

/** GET /api/arrival: a product's arrival, for a state when known. */
export const productArrivalQuery = z.object({
  product: productIdParams.shape.id,
  state: z.enum(ALLOWED_STATES, { error: M.state }).optional(),
});

/** The answers. */
export type ClosureDto = { id: number; from: string; to: string; note: string };
export type OccasionDto = { id: number; name: string; date: string; noticeDays: number };
export type TransitDto = { state: string; min: number; max: number; custom: boolean };
export type ArrivalSettingsDto = {
  closures: ClosureDto[];
  occasions: OccasionDto[];
  transit: TransitDto[];
};
/** A dated notice for the notice bar. */
export type ShopNotice = { kind: 'occasion' | 'closure'; text: string };
/** A product's arrival: the parcel window, and the slower one when it is personalized. */
export type ProductArrival = CartArrival & { personalized?: CartArrival };
