import type { OrderItemRow, OrderRow } from '../../db/schema';
import { FINAL_SALE_UNDER_CENTS, RETURN_WINDOW_DAYS } from '../../../core/orders/history-model';
import { isDigitalCategory } from '../../../core/product/digital';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the return policy allows a line back: never digital products, gift cards or
 * personalized items; items under $30 are final sale (a damaged one goes through the contact
 * form); the rest may come back.
 */
export function isReturnable(item: Pick<OrderItemRow, 'category' | 'title' | 'unitPriceCents'>) {
  if (isDigitalCategory(item.category) || item.category.toLowerCase().includes('gift card')) {
    return false;
  }
  if (/personali[sz]ed|gift card/i.test(item.title)) return false;
  return item.unitPriceCents >= FINAL_SALE_UNDER_CENTS;
}

/** Whether a delivered order is still within the return window. */
export function withinReturnWindow(
  order: Pick<OrderRow, 'shippingStatus' | 'deliveredAt'>,
  now: Date = new Date(),
): boolean {
  if (order.shippingStatus !== 'delivered' || !order.deliveredAt) return false;
  return now.getTime() - order.deliveredAt.getTime() <= RETURN_WINDOW_DAYS * DAY_MS;
}
