import { freshLinksRequestSchema } from '../downloads/model';

/** The guest's order-status page and its form (DECISIONS "Guests' orders"). */
export const ORDER_STATUS_TEXT = {
  title: 'Order status',
  viewOrder: 'View your order',
  /** The same answer whether or not an order matches: it tells a stranger nothing. */
  requested:
    "If an order with that number matches that email, we've emailed a link to it. It can take a few minutes to arrive.",
  tooMany:
    'You have asked for order links several times already. Please wait a while and try again.',
  failed: 'Your request could not be sent. Please check your connection and try again.',
  linkInvalid: 'This order link is not valid or has expired. Ask for a new one below.',
  loadFailed: 'Your order could not be loaded. Please try again.',
} as const;

/** The header a signed order link travels in to the guest order routes. */
export const ORDER_LINK_HEADER = 'x-order-link';

/** The order-status form: the order number and the email it was placed with. */
export const orderStatusRequestSchema = freshLinksRequestSchema;
export type OrderStatusRequestBody = typeof orderStatusRequestSchema._zod.output;
