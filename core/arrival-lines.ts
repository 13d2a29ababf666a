import { formatArrivalRange } from './arrival';

/**
 * The shopper's arrival lines that core/arrival.ts's ARRIVAL_TEXT does not hold (issue 41): the
 * product page's personalized window, and the window an order was promised when it was placed,
 * as the confirmation page, the order pages and the confirmation email say it (stored, never
 * recomputed).
 */
export const ARRIVAL_LINES = {
  personalizedIfOrderedToday: (window: { earliest: string; latest: string }) =>
    `Personalized: arrives ${formatArrivalRange(window)} if ordered today`,
  promised: (promised: { earliest: string; latest: string }) =>
    `Estimated arrival: ${formatArrivalRange(promised)}`,
} as const;

/**
 * What the confirmation email says beside the stored window: how it was counted, without figures,
 * since a personalized item's lead time and the owner's per-state transit days change them.
 */
export const ARRIVAL_EMAIL_COUNTING =
  'It counts business days only: the days we take to prepare your order, then the carrier’s days to your address.';
