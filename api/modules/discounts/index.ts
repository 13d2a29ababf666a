// Discount codes (issue 42): the public face; other modules import only from here.
export { discountAdminRoutes } from './admin/routes';
export {
  discountFor,
  discountRefused,
  type AppliedDiscount,
  type OrderLineForDiscount,
} from './check';
export { findCode, type DiscountCustomer } from './lookup';
export { claimUse, releaseUse, type DiscountUse } from './uses';
