/**
 * An order's lifecycle in one place (issue 35 point 5): its states, the kinds of order, which
 * action each state allows for each kind, and the named predicates every list, count, export and
 * report asks. Order states are spelled here and in the schema only; everywhere else names them
 * through `ORDER_STATE` or asks a predicate.
 */
import type { ProductKind } from '../product/kind';
import { ORDER_STATUSES, type OrderStatus } from './statuses';

export { ORDER_STATUSES, type OrderStatus } from './statuses';

/** Each state by name: `ORDER_STATE.unfulfilled` instead of the string. */
export const ORDER_STATE = Object.fromEntries(
  ORDER_STATUSES.map((status) => [camel(status), status]),
) as { readonly [Status in OrderStatus as CamelCase<Status>]: Status };

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

function camel(status: string): string {
  return status.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * What an order holds, from its lines' kinds: `parcels` (goods only), `mixed` (goods and items
 * that are emailed), `digital_only`, `gift_cards_only`, and `emailed_only` (digital items and gift
 * cards, nothing to ship).
 */
export const ORDER_KINDS = [
  'parcels',
  'mixed',
  'digital_only',
  'gift_cards_only',
  'emailed_only',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The kind of an order from its lines (an order always has at least one). */
export function orderKindOf(lines: readonly { kind: ProductKind }[]): OrderKind {
  const goods = lines.some((line) => line.kind === 'goods');
  const digital = lines.some((line) => line.kind === 'digital');
  const giftCards = lines.some((line) => line.kind === 'gift_card');
  if (goods) return digital || giftCards ? 'mixed' : 'parcels';
  if (digital && giftCards) return 'emailed_only';
  return giftCards ? 'gift_cards_only' : 'digital_only';
}

/** Whether an order of this kind has a parcel to send. */
export const shipsSomething = (kind: OrderKind): boolean => kind === 'parcels' || kind === 'mixed';
/** Whether nothing of an order of this kind ships: no shipping address, tax from billing. */
export const shipsNothing = (kind: OrderKind): boolean => !shipsSomething(kind);
/** Whether an order of this kind has a file to download. */
export const hasDownloads = (kind: OrderKind): boolean =>
  kind === 'digital_only' || kind === 'emailed_only' || kind === 'mixed';

/**
 * What can be done to an order: `ship` and `deliver` (the owner's parcel steps), `cancel` (the
 * customer's or a guest's), `shop_cancel` (the owner's cancel with a reason), `retry_refund` (the
 * owner finishing a cancel whose refund failed), `refund` (the owner's refund of lines or an
 * amount), `return` (the customer starting a return), `download` (a file of the order).
 */
export const ORDER_ACTIONS = [
  'ship',
  'deliver',
  'cancel',
  'shop_cancel',
  'retry_refund',
  'refund',
  'return',
  'download',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

type Table = Record<OrderStatus, Partial<Record<OrderKind, readonly OrderAction[]>>>;

const NONE: readonly OrderAction[] = [];

/**
 * Which actions each state allows for each kind of order. A state or kind not listed allows none.
 * Conditions that depend on more than the state and kind are checked where the action is done,
 * with the order's row locked: a return within 14 days of delivery and only of returnable lines, a
 * cancel of downloadable items only while nothing was downloaded. A gift card order's cancel voids
 * the cards it bought and keeps back what they already paid for (orders/close.ts).
 */
const ALLOWED: Table = {
  pending_payment: {},
  payment_failed: {},
  abandoned: {},
  unfulfilled: {
    parcels: ['ship', 'cancel', 'shop_cancel', 'refund'],
    mixed: ['ship', 'cancel', 'shop_cancel', 'refund', 'download'],
    // Gift cards wait for their delivery date; nothing ships.
    gift_cards_only: ['cancel', 'shop_cancel', 'refund'],
    emailed_only: ['cancel', 'shop_cancel', 'refund', 'download'],
  },
  shipped: {
    parcels: ['deliver', 'refund'],
    mixed: ['deliver', 'refund', 'download'],
  },
  delivered: {
    parcels: ['refund', 'return'],
    mixed: ['refund', 'return', 'download'],
    // Delivered when paid: the download link is the delivery; cancelable until a download.
    digital_only: ['cancel', 'shop_cancel', 'refund', 'download'],
    gift_cards_only: ['refund'],
    emailed_only: ['refund', 'download'],
  },
  canceling: Object.fromEntries(
    (['parcels', 'mixed', 'digital_only', 'gift_cards_only', 'emailed_only'] as const).map(
      (kind) => [kind, ['cancel', 'retry_refund'] as const],
    ),
  ),
  refund_failed: Object.fromEntries(
    (['parcels', 'mixed', 'digital_only', 'gift_cards_only', 'emailed_only'] as const).map(
      (kind) => [kind, ['cancel', 'retry_refund'] as const],
    ),
  ),
  canceled: {},
};

/** The actions an order in `status` of `kind` allows (before the action's own conditions). */
export function allowedActions(status: OrderStatus, kind: OrderKind): readonly OrderAction[] {
  return ALLOWED[status][kind] ?? NONE;
}

export function allows(status: OrderStatus, kind: OrderKind, action: OrderAction): boolean {
  return allowedActions(status, kind).includes(action);
}

/** The states in which an order of some kind allows `action` (for SQL built from the table). */
export function statesAllowing(action: OrderAction, kind?: OrderKind): OrderStatus[] {
  return ORDER_STATUSES.filter((status) =>
    kind
      ? allows(status, kind, action)
      : // Stryker disable next-line OptionalChaining: Object.values yields no absent kind's undefined
        Object.values(ALLOWED[status]).some((actions) => actions?.includes(action)),
  );
}

/** Before payment went through: never shown to a customer, never a sale. */
export const UNPAID_STATES: readonly OrderStatus[] = [
  ORDER_STATE.pendingPayment,
  ORDER_STATE.paymentFailed,
  ORDER_STATE.abandoned,
];

/** A payment went through (a sale), whatever happened after; a canceled order's refund shows. */
export const paid = (status: OrderStatus): boolean => !UNPAID_STATES.includes(status);
export const PAID_STATES: readonly OrderStatus[] = ORDER_STATUSES.filter(paid);

/** Being canceled or canceled: the money goes, or went, back. */
export const CLOSING_STATES: readonly OrderStatus[] = [
  ORDER_STATE.canceling,
  ORDER_STATE.refundFailed,
  ORDER_STATE.canceled,
];

/** A sale that stands: paid and not canceled (the dashboard's revenue, customers' spend). */
export const countsAsRevenue = (status: OrderStatus): boolean =>
  paid(status) && !CLOSING_STATES.includes(status);
export const REVENUE_STATES: readonly OrderStatus[] = ORDER_STATUSES.filter(countsAsRevenue);

/** Waiting for the owner to send its parcel. */
export const toShip = (status: OrderStatus, kind: OrderKind): boolean =>
  allows(status, kind, 'ship');

/** The states a customer sees in their history (paid, and what happened after). */
export const CUSTOMER_VISIBLE_STATES: readonly OrderStatus[] = PAID_STATES;
