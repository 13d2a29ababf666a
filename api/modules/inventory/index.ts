/**
 * The inventory (issue 35): every stock change goes through `reserve`, `release` or `adjust`
 * (./stock.ts), and then through `stockChanged` (./changed.ts), which runs the low-stock record,
 * the back-in-stock claims and the catalogue refresh: no caller runs those by hand. The order
 * flow runs the checks in its own transaction (orders/stock.ts), then `orderStockChanged`.
 */
export {
  changeStock,
  stockChanged,
  stockChecks,
  orderStockChanged,
  type StockChange,
} from './changed';
export {
  adjust,
  release,
  reservationOf,
  reserve,
  stockChangeOf,
  type StockLine,
  type StockReservation,
} from './stock';
