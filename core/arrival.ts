import type { ProductKind } from './product/kind';
import {
  arrivalWindow,
  DEFAULT_TRANSIT,
  type ArrivalWindow,
  type ShopClosure,
  type TransitDays,
} from './arrival-calendar';
import { formatArrivalRange } from './arrival-format';

/**
 * Arrival dates (issue 41; DECISIONS "Arrival dates"): the one face every page, the API and the
 * emails use. The calendar and the counting rules: arrival-calendar.ts; the notice bar's dated
 * notices: arrival-notices.ts; how days are written: arrival-format.ts.
 */
export {
  addWorkingDays,
  arrivalWindow,
  arrivalWindowFrom,
  DEFAULT_TRANSIT,
  isWorkingDay,
  PROCESSING,
  type ArrivalInput,
  type ArrivalWindow,
  type ShopClosure,
  type TransitDays,
} from './arrival-calendar';
export { formatArrivalRange, formatShopDay, formatShopDays } from './arrival-format';
export {
  CLOSURE_NOTICE_DAYS,
  closureNotices,
  DEFAULT_NOTICE_DAYS,
  NOTICE_TEXT,
  occasionCutoff,
  occasionNotice,
  type Occasion,
} from './arrival-notices';

/** What shoppers read about when an item comes. */
export const ARRIVAL_TEXT = {
  arrives: (window: { earliest: string; latest: string }) =>
    `Arrives ${formatArrivalRange(window)}`,
  ifOrderedToday: (window: { earliest: string; latest: string }) =>
    `Arrives ${formatArrivalRange(window)} if ordered today`,
  digital: 'Download right after payment',
  giftCard: 'Emailed on the date you choose',
} as const;

/** A cart or order line as the arrival counts it: its kind and, when personalized, the lead time. */
export type ArrivalLine = { kind: ProductKind; leadTimeDays?: number };

/** When a cart arrives: a parcel's window, or what a cart without parcels gets instead. */
export type CartArrival =
  | ({ kind: 'parcel'; text: string } & ArrivalWindow)
  | { kind: 'digital'; text: string }
  | { kind: 'gift_card'; text: string };

/**
 * The cart's arrival: with any parcel line, the window of the slowest one (the longest lead time),
 * as one parcel ships; else "download right after payment" for downloads, else "emailed on the date
 * you choose" for gift cards; null for an empty cart.
 */
export function cartArrivalWindow(
  lines: readonly ArrivalLine[],
  {
    now,
    closures,
    transit = DEFAULT_TRANSIT,
  }: { now: Date; closures: readonly ShopClosure[]; transit?: TransitDays },
): CartArrival | null {
  const parcels = lines.filter((line) => line.kind === 'goods');
  if (parcels.length > 0) {
    const leadTimeDays = Math.max(...parcels.map((line) => line.leadTimeDays ?? 0));
    const window = arrivalWindow({ now, closures, transit, leadTimeDays });
    return { kind: 'parcel', text: ARRIVAL_TEXT.arrives(window), ...window };
  }
  if (lines.some((line) => line.kind === 'digital'))
    return { kind: 'digital', text: ARRIVAL_TEXT.digital };
  if (lines.some((line) => line.kind === 'gift_card'))
    return { kind: 'gift_card', text: ARRIVAL_TEXT.giftCard };
  return null;
}

/** The transit a shopper whose state is unknown is promised: the fastest and slowest over states. */
export function widestTransit(table: readonly TransitDays[]): TransitDays {
  if (table.length === 0) return DEFAULT_TRANSIT;
  return {
    min: Math.min(...table.map((days) => days.min)),
    max: Math.max(...table.map((days) => days.max)),
  };
}

/** The window an order was promised, as every order answer carries it; null: nothing ships. */
export type PromisedWindow = { earliest: string; latest: string; shipBy: string } | null;

/** An order row's stored promise (orders.promised_earliest, promised_latest, ship_by). */
export function promisedWindowOf(order: {
  promisedEarliest: string | null;
  promisedLatest: string | null;
  shipBy: string | null;
}): PromisedWindow {
  if (!order.promisedEarliest || !order.promisedLatest || !order.shipBy) return null;
  return { earliest: order.promisedEarliest, latest: order.promisedLatest, shipBy: order.shipBy };
}
