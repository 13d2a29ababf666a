import { formatArrivalRange } from '../arrival';

/**
 * The arrival window an order was promised when it was placed (issue 41 point 5), as the
 * confirmation page, the order pages and the confirmation email say it. Stored, never recomputed.
 */
export const PROMISED_ARRIVAL_TEXT = {
  window: (promised: { earliest: string; latest: string }) =>
    `Estimated arrival: ${formatArrivalRange(promised)}`,
} as const;
