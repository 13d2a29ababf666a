import { formatShopDay } from '../arrival';

/**
 * The owner's ship-by dates (issue 41): each order to ship has the day its parcel must leave by
 * (stored at checkout); on that day it is "Ship today", after it "Late". The orders list, the
 * dashboard and the morning digest use these words.
 */
export type ShipByMark = 'today' | 'late';

export const SHIP_BY_TEXT = {
  column: 'Ship by',
  today: 'Ship today',
  late: 'Late',
  dashboardToday: 'Ship today',
  dashboardLate: 'Late (ship-by day passed)',
  none: '—',
} as const;

/** Today's mark of an order still to ship: "today" on its ship-by day, "late" after; else null. */
export function shipByMark(
  shipBy: string | null,
  today: string,
  toShip: boolean,
): ShipByMark | null {
  if (!toShip || !shipBy) return null;
  if (shipBy < today) return 'late';
  return shipBy === today ? 'today' : null;
}

/** "Dec 8", with the mark when there is one: "Dec 8 · Late". */
export function shipByLabel(shipBy: string | null, mark: ShipByMark | null): string {
  if (!shipBy) return SHIP_BY_TEXT.none;
  return mark ? `${formatShopDay(shipBy)} · ${SHIP_BY_TEXT[mark]}` : formatShopDay(shipBy);
}
