import { addDays } from './dates';
import { shopDayOf } from './shop-calendar';
import {
  arrivalWindowFrom,
  DEFAULT_TRANSIT,
  type ShopClosure,
  type TransitDays,
} from './arrival-calendar';
import { formatShopDay, formatShopDays } from './arrival-format';

/**
 * The notice bar's dated notices (issue 41 point 3): an occasion's order-by day, computed from the
 * calendar, and the owner's closures. Pure: the clock is passed in.
 */

/** A day shoppers buy for ("Christmas", 2026-12-25), announced from `noticeDays` before it. */
export type Occasion = { name: string; date: string; noticeDays?: number };

export const DEFAULT_NOTICE_DAYS = 21;
/** A closure is announced from this many days before it starts until it ends. */
export const CLOSURE_NOTICE_DAYS = 30;

export const NOTICE_TEXT = {
  orderBy: (day: string, name: string) => `Order by ${formatShopDay(day)} for delivery by ${name}`,
  tooLate: (name: string) => `Orders placed now may not arrive by ${name}`,
  closed: (from: string, to: string) => `Closed ${formatShopDays(from, to)}`,
} as const;

/** How far back a cut-off is looked for: the longest lead time and transit fit well within it. */
const CUTOFF_SEARCH_DAYS = 200;

interface CalendarInput {
  closures: readonly ShopClosure[];
  /** The slowest transit the notice must hold for (the widest over the states shipped to). */
  transit?: TransitDays;
}

/** The last order day whose LATEST arrival is on or before `date` (no lead time), if any. */
export function occasionCutoff(
  date: string,
  { closures, transit = DEFAULT_TRANSIT }: CalendarInput,
) {
  for (let back = 1; back <= CUTOFF_SEARCH_DAYS; back += 1) {
    const day = addDays(date, -back);
    if (arrivalWindowFrom(day, { closures, transit }).latest <= date) return day;
  }
  return null;
}

/**
 * The occasion notice at `now`: none before the notice period; from its first day to the cut-off
 * "Order by … for delivery by …"; after the cut-off until the occasion, that it may not be met.
 * When several occasions are in their notice period, the nearest one speaks.
 */
export function occasionNotice(
  input: CalendarInput & { now: Date; occasions: readonly Occasion[] },
): { text: string } | null {
  const today = shopDayOf(input.now);
  const current = input.occasions
    .filter((occasion) => {
      const from = addDays(occasion.date, -(occasion.noticeDays ?? DEFAULT_NOTICE_DAYS));
      return from <= today && today <= occasion.date;
    })
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  if (!current) return null;
  const cutoff = occasionCutoff(current.date, input);
  if (cutoff && today <= cutoff) return { text: NOTICE_TEXT.orderBy(cutoff, current.name) };
  return { text: NOTICE_TEXT.tooLate(current.name) };
}

/** The closures shoppers are told of at `now`: those under way or starting within 30 days. */
export function closureNotices({
  now,
  closures,
}: {
  now: Date;
  closures: readonly ShopClosure[];
}): { text: string }[] {
  const today = shopDayOf(now);
  const horizon = addDays(today, CLOSURE_NOTICE_DAYS);
  return closures
    .filter((closure) => closure.to >= today && closure.from <= horizon)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((closure) => ({
      text: closure.note.trim() || NOTICE_TEXT.closed(closure.from, closure.to),
    }));
}
