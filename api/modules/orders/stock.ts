import type { Db } from '../../db/client';
import {
  release,
  reservationOf,
  reserve,
  stockChangeOf,
  stockChecks,
  type StockLine,
  type StockReservation,
} from '../inventory';

/*
 * The order flow's stock calls, the inventory module's (api/modules/inventory, issue 35): the
 * low-stock record and back-in-stock claims run inside the order's own transaction (a checkout and
 * a release of the same units never disagree), then `orderStockChanged` refreshes the catalogue.
 */
export { reservationOf, stockChangeOf, type StockReservation };

/** `reserve`, with the low-stock record in the order's transaction (issue 28). */
export async function reserveStock(db: Db, lines: StockLine[]): Promise<StockReservation> {
  return db.transaction(async (tx) => {
    const reservation = await reserve(tx as unknown as Db, lines);
    await stockChecks(tx as unknown as Db, stockChangeOf(reservation), true);
    return reservation;
  });
}

/** `release`, with the low-stock record and back-in-stock claims in the same transaction. */
export async function releaseStock(db: Db, reservation: StockReservation): Promise<void> {
  await db.transaction(async (tx) => {
    await release(tx as unknown as Db, reservation);
    await stockChecks(tx as unknown as Db, stockChangeOf(reservation));
  });
}
