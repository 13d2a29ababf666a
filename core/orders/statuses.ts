/** The states an order, its payment and its return requests move through, as both sides name them. */

/** A postal address as the order keeps it (spec §3 Address, without the saved-address id). */
export interface OrderAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipcode: string;
  /** The recipient's name (issue 26); orders before it were filled with the buyer's (0026). */
  firstname?: string;
  lastname?: string;
}

/**
 * An order's state. The first three come before payment and never show to a customer:
 * `pending_payment` (stock taken, charge under way), `payment_failed` (declined, stock back) and
 * `abandoned` (the process died mid-charge and the gateway took nothing; stock back). A paid order
 * is `unfulfilled`, then `shipped`, `delivered` or `canceled`. A customer's cancel moves it to
 * `canceling` (refund under way), then `canceled` once refunded, or `refund_failed` when the refund
 * failed (a retry finishes it): see api/modules/orders/fulfilment.ts.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'payment_failed',
  'abandoned',
  'unfulfilled',
  'shipped',
  'delivered',
  'canceled',
  'canceling',
  'refund_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
// Which states are paid, count as revenue, ship...: core/orders/lifecycle.ts, the one place.
/** The states a customer can see: a paid order and what happens to it after. */
export const VISIBLE_ORDER_STATUSES = ['unfulfilled', 'shipped', 'delivered', 'canceled'] as const;
export const SHIPPING_STATUSES = VISIBLE_ORDER_STATUSES;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** pending: charged but not settled yet (Stripe 'processing'); the webhook moves it on. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A return request's states: the customer files it (`requested`); the owner approves or declines
 * it, marks the parcel received, then refunded (back office).
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'received',
  'refunded',
  'declined',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
