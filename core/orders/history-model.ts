import type { PromisedWindow } from '../arrival';
import { z } from 'zod';
import { RETURN_REASON_KEYS, RETURN_REASONS, type ReturnReason } from './returns';
import type { OrderItemDto } from './model';
import type { OrderAddress, ReturnStatus } from './statuses';
import type { GiftDto } from './gift';
import type { PaymentView } from './payments';
import type { DiscountDto } from '../discounts/model';

export { FINAL_SALE_UNDER_CENTS, RETURN_REASONS, type ReturnReason } from './returns';

/** The sentences of the order history page (spec §8 Orders). */
export const HISTORY_MESSAGES = {
  empty: 'No confirmed orders found.',
  loadFailed: 'Failed to load orders.',
  cancelFailed: 'Unable to cancel order.',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  reasonRequired: 'Choose why you are sending it back.',
  returnReceived:
    'Thank you: we have your return request and emailed you a copy. We will email you once we have looked at it.',
  issueReceived:
    'Thank you: we have your report and emailed you a copy. We will answer by email within 2 business days.',
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

/**
 * A return: why (the picker; 'Other' needs the customer's words, the others take them optionally)
 * and which lines. A request without a reason reads as 'Other' with its message.
 */
export const returnRequestBody = z
  .object({
    id: z.uuid({ error: HISTORY_MESSAGES.notFound }),
    reason: z.enum(RETURN_REASON_KEYS, { error: HISTORY_MESSAGES.reasonRequired }).default('other'),
    message: z
      .string()
      .trim()
      .max(MESSAGE_MAX, `Please keep your message under ${MESSAGE_MAX} characters.`)
      .default(''),
    /** The order lines to send back (their `itemId`); omitted: every returnable line. */
    items: z
      .array(z.uuid({ error: HISTORY_MESSAGES.itemNotReturnable }))
      .max(50)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === 'other' && body.message === '') {
      context.addIssue({
        code: 'custom',
        path: ['message'],
        message: HISTORY_MESSAGES.messageRequired,
      });
    }
  });

/** The words a return's reason and message make, as the shop and the customer read them. */
export function returnReasonText(reason: ReturnReason, message: string): string {
  if (reason === 'other') return message;
  return message === '' ? RETURN_REASONS[reason] : `${RETURN_REASONS[reason]}: ${message}`;
}

export type IssueReportBody = z.infer<typeof issueReportBody>;
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

/** An order line in the history: the order's line, its id, and what the return policy says. */
export interface HistoryItem extends OrderItemDto {
  itemId: string;
  /** Whether the return policy allows this line back. */
  returnable: boolean;
  /** Why it may not come back ('Final sale: under $30', …), null when it may. */
  excludedReason: string | null;
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
  /** The discount code applied and what it took off the subtotal (issue 42); null: none. */
  discount?: DiscountDto | null;
  tax: number;
  total: number;
  /** Dollars given back to the customer's card (refunds and a cancel), 0 when none. */
  refunded: number;
  /** Each instrument that paid, the gift card's first, what it paid and gave back (issue 35). */
  payments: PaymentView[];
  /** null: digital items only, nothing is shipped. Carries the recipient's name (issue 26). */
  shippingAddress: OrderAddress | null;
  /** A gift's message and choices (issue 26); null when the order is not a gift. */
  gift?: GiftDto | null;
  /** The arrival window promised at checkout and its ship-by day (issue 41); null: nothing ships. */
  promised?: PromisedWindow;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page for the parcel, null when unknown. */
  trackingUrl: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  canCancel: boolean;
  canReportIssue: boolean;
  canStartReturn: boolean;
  returnRequests: {
    _id: string;
    status: ReturnStatus;
    createdAt: string;
    /** Why the shop declined it; null unless declined. */
    declineReason: string | null;
  }[];
}
