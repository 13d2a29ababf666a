import { z } from 'zod';
import type { OrderAddress, ReturnStatus } from './statuses';

/** The sentences of the order history page (spec §8 Orders). */
export const HISTORY_MESSAGES = {
  empty: 'No confirmed orders found.',
  loadFailed: 'Failed to load orders.',
  cancelFailed: 'Unable to cancel order.',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  /** What a digital order's cancel does (DECISIONS "Digital-only orders"). */
  cancelDigital:
    'Canceling stops the download links from working, and your payment is refunded. Once a file is downloaded, the order can no longer be canceled.',
  messageRequired: 'Please enter a message.',
  messageSent: 'Your message has been sent!',
  messageFailed: 'Failed to send message.',
  notFound: 'We could not find that order.',
  notShipped: 'An issue can be reported on a shipped order.',
  returnClosed: 'A return can be started within 14 days of delivery.',
  nothingReturnable: 'None of the items in this order can be returned.',
  returnStarted: 'A return has already been started for this order.',
  itemNotReturnable: 'One of the chosen items cannot be returned.',
  tooMany: 'You have sent several messages already. Please wait a while and try again.',
} as const;

/** Days after delivery during which a return can be started (return policy). */
export const RETURN_WINDOW_DAYS = 14;
/** Items under this price are final sale (return policy). */
export const FINAL_SALE_UNDER_CENTS = 3000;
export const MESSAGE_MAX = 2000;

export const orderIdBody = z.object({ id: z.uuid({ error: HISTORY_MESSAGES.notFound }) });

const message = z
  .string({ error: HISTORY_MESSAGES.messageRequired })
  .trim()
  .min(1, HISTORY_MESSAGES.messageRequired)
  .max(MESSAGE_MAX, `Please keep your message under ${MESSAGE_MAX} characters.`);

export const issueReportBody = z.object({
  id: z.uuid({ error: HISTORY_MESSAGES.notFound }),
  message,
});

export const returnRequestBody = z.object({
  id: z.uuid({ error: HISTORY_MESSAGES.notFound }),
  message,
  /** The order lines to send back (their `itemId`); omitted: every returnable line. */
  items: z
    .array(z.uuid({ error: HISTORY_MESSAGES.itemNotReturnable }))
    .max(50)
    .optional(),
});

export type IssueReportBody = z.infer<typeof issueReportBody>;
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

export interface HistoryItem {
  itemId: string;
  _id: string | null;
  title: string;
  variantTitle: string | null;
  sku: string;
  image: string | null;
  alttext: string;
  quantity: number;
  price: number;
  /** Whether the return policy allows this line back. */
  returnable: boolean;
}

/** One order in GET /orders/orders. */
export interface HistoryOrder {
  _id: string;
  orderNumber: number;
  createdAt: string;
  shippingStatus: string;
  paymentStatus: string;
  items: HistoryItem[];
  subtotal: number;
  tax: number;
  total: number;
  /** Dollars given back to the customer's card (refunds and a cancel), 0 when none. */
  refunded: number;
  /** null: digital items only, nothing is shipped. */
  shippingAddress: OrderAddress | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  canCancel: boolean;
  canReportIssue: boolean;
  canStartReturn: boolean;
  returnRequests: { _id: string; status: ReturnStatus; createdAt: string }[];
}
