import { addDays } from './dates';
import { shopDayOf } from './shop-calendar';
import { isFederalHoliday, weekday } from './us-holidays';

/**
 * The shop's working days and the arrival window (issue 41; DECISIONS "Arrival dates"). Pure: the
 * clock is passed in. Days are shop days (America/Los_Angeles), YYYY-MM-DD.
 *
 * How a window is counted, precisely:
 * - The order day is the shop day of `now`; there is no cut-off hour: an order at 23:59 belongs to
 *   that day, one at 00:01 to the next. The order day itself is never counted.
 * - Working days: not a Saturday or Sunday, not a US federal holiday (nor its observed day), not
 *   inside one of the owner's closures.
 * - Processing is 1–2 working days after the order day, plus a personalized item's lead time
 *   (working days): the parcel leaves between `shipEarliest` and `shipBy`.
 * - Transit (5–7 working days by default, per state) is counted on the same calendar, closures
 *   included (as DECISIONS says: the promise is cautious, never early).
 */

/** A stretch of days the owner closes the shop, inclusive, with the note shoppers read. */
export type ShopClosure = { from: string; to: string; note: string };
export type TransitDays = { min: number; max: number };
export type ArrivalWindow = { earliest: string; latest: string; shipBy: string };

/** Transit days for a state the owner has not set (spec FAQ: 5–7 days). */
export const DEFAULT_TRANSIT: TransitDays = { min: 5, max: 7 };
/** Days to prepare an order (spec FAQ: 1–2 business days). */
export const PROCESSING: TransitDays = { min: 1, max: 2 };

/** No window counts further than this many days: a closure typed as years stops here. */
const MAX_SPAN_DAYS = 800;

/** Whether the shop works on `day`: a weekday, not a federal holiday, not in a closure. */
export function isWorkingDay(day: string, closures: readonly ShopClosure[]): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  if (isFederalHoliday(day)) return false;
  return !closures.some((closure) => closure.from <= day && day <= closure.to);
}

/** The working day `count` working days after `day` (`day` itself when `count` is 0). */
export function addWorkingDays(day: string, count: number, closures: readonly ShopClosure[]) {
  let current = day;
  let left = count;
  for (let step = 0; left > 0; step += 1) {
    if (step > MAX_SPAN_DAYS) throw new RangeError('The shop calendar has no working days left.');
    current = addDays(current, 1);
    if (isWorkingDay(current, closures)) left -= 1;
  }
  return current;
}

export interface ArrivalInput {
  now: Date;
  closures: readonly ShopClosure[];
  transit?: TransitDays;
  /** A personalized item's lead time, in working days (0 when not personalized). */
  leadTimeDays?: number;
}

/** The window an order placed at `now` is promised: when it arrives and the day it must ship by. */
export function arrivalWindow(input: ArrivalInput): ArrivalWindow {
  return arrivalWindowFrom(shopDayOf(input.now), input);
}

/** The window for an order placed on the shop day `orderDay`. */
export function arrivalWindowFrom(
  orderDay: string,
  { closures, transit = DEFAULT_TRANSIT, leadTimeDays = 0 }: Omit<ArrivalInput, 'now'>,
): ArrivalWindow {
  const shipEarliest = addWorkingDays(orderDay, PROCESSING.min + leadTimeDays, closures);
  const shipBy = addWorkingDays(orderDay, PROCESSING.max + leadTimeDays, closures);
  return {
    earliest: addWorkingDays(shipEarliest, transit.min, closures),
    latest: addWorkingDays(shipBy, transit.max, closures),
    shipBy,
  };
}
