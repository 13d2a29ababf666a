import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, orders, type OrderRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import {
  allowedActions,
  allows,
  orderKindOf,
  statesAllowing,
  type OrderAction,
  type OrderKind,
} from '../../../../core/orders/lifecycle';
import type { ProductKind } from '../../../../core/product/kind';

/** The back office's actions, each refused in a state that does not allow it with its sentence. */
export const ADMIN_ACTIONS = ['ship', 'deliver', 'shop_cancel', 'retry_refund', 'refund'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const REFUSED_IN_STATE: Record<AdminAction, string> = {
  ship: ADMIN_MESSAGES.notUnfulfilled,
  deliver: ADMIN_MESSAGES.notShipped,
  shop_cancel: ADMIN_MESSAGES.notUnfulfilled,
  retry_refund: ADMIN_MESSAGES.notRefundFailed,
  refund: 'This order cannot be refunded in its current state.',
};

/** Said when no state of an order of this kind allows the action (nothing ships, say). */
export const REFUSED_FOR_KIND: Record<AdminAction, string> = {
  ship: 'Nothing in this order ships: its items are emailed.',
  deliver: 'Nothing in this order ships: its items are emailed.',
  shop_cancel: 'An order of this kind cannot be canceled.',
  retry_refund: 'An order of this kind has no refund to retry.',
  refund: 'An order of this kind cannot be refunded.',
};

/** An order's kind from its lines' kinds (`orderKindOf`); an order without lines is parcels. */
const kindOfLines = (lines: readonly { kind: ProductKind }[]): OrderKind =>
  lines.length === 0 ? 'parcels' : orderKindOf(lines);

/**
 * What the back office may do to an order now, from the lifecycle table (`allowedActions`): the
 * order answer carries it and the page offers only these. Conditions beyond the state and the
 * kind (a file downloaded, a card spent) are checked by the action itself.
 */
export function orderActions(
  order: Pick<OrderRow, 'shippingStatus'>,
  lines: readonly { kind: ProductKind }[],
): { kind: OrderKind; actions: readonly OrderAction[] } {
  const kind = kindOfLines(lines);
  return { kind, actions: allowedActions(order.shippingStatus, kind) };
}

/**
 * Refuses (409) an action the lifecycle table does not allow for the order's state and kind, or
 * 404 when there is no such order. The action's own conditional update still decides a race.
 */
export async function assertAllowed(db: Db, id: string, action: AdminAction): Promise<void> {
  const [order] = await db
    .select({ shippingStatus: orders.shippingStatus })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  const lines = await db
    .select({ kind: orderItems.kind })
    .from(orderItems)
    .where(eq(orderItems.orderId, id));
  const kind = kindOfLines(lines);
  if (allows(order.shippingStatus, kind, action)) return;
  const never = statesAllowing(action, kind).length === 0;
  throw new AppError('CONFLICT', never ? REFUSED_FOR_KIND[action] : REFUSED_IN_STATE[action]);
}
