/** Shop days as shoppers read them: "Dec 16", "Dec 16–19", "Dec 30–Jan 2" (issue 41). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Dec 15" for 2026-12-15. */
export function formatShopDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

/** "Dec 16", "Dec 16–19" or "Dec 30–Jan 2": the one way a range of days is written. */
export function formatShopDays(from: string, to: string): string {
  if (from === to) return formatShopDay(from);
  if (from.slice(0, 7) === to.slice(0, 7))
    return `${formatShopDay(from)}–${Number(to.slice(8, 10))}`;
  return `${formatShopDay(from)}–${formatShopDay(to)}`;
}

/** An arrival window as shoppers read it: "Dec 16–19". */
export function formatArrivalRange(window: { earliest: string; latest: string }): string {
  return formatShopDays(window.earliest, window.latest);
}
