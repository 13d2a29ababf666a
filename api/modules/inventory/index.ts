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

// The public face (issue 37 point 1): what other modules may use.
export { changeCatalogue } from './changed';
export { adminStockModule } from './admin/routes';
export { mostAwaited } from './admin/demand';
export { lowStockRows, markLowStockKnown, recordLowStock, runLowStockDigest } from './low-stock';
export { syncVariantTotals } from './variant-totals';
