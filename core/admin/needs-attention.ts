/**
 * Orders the recovery job could not settle after several tries (issue 35 item 8): the dashboard
 * shows them as "needs attention"; the job keeps trying them, less and less often.
 */
export const NEEDS_ATTENTION_TEXT = {
  title: 'Needs attention',
  count: (count: number) => (count === 1 ? 'order needs attention' : 'orders need attention'),
  intro:
    'The payment of these orders could not be settled after several tries. Check each payment at the payment provider; the shop keeps trying them, less and less often.',
  none: 'No order needs attention.',
  order: 'Order',
  placed: 'Placed',
  tries: 'Tries',
  nextTry: 'Next try',
  error: 'Last error',
} as const;

/** At most this many are listed on the dashboard; the orders list shows them all (pending). */
export const NEEDS_ATTENTION_LISTED = 20;

export interface NeedsAttentionOrder {
  id: string;
  number: number;
  email: string;
  totalCents: number;
  createdAt: string;
  attempts: number;
  nextTryAt: string | null;
  error: string | null;
}

export interface NeedsAttention {
  count: number;
  orders: NeedsAttentionOrder[];
}
