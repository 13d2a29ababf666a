import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, type OrderItemRow, type OrderRefundRow, type OrderRow } from '../../../db/schema';

/** The gateway's idempotency key of an owner's refund of lines, scoped to the order. */
export const lineRefundKey = (orderId: string, key: string) =>
  `order-${orderId}-lines-refund-${key}`;

/** The audit action of a refund of lines: one row per refund once it went through. */
export const LINES_REFUND_ACTION = 'order.refund-lines';

/** A refund line as recorded: the units, what they gave back, and how many went back to stock. */
export type RecordedLine = OrderRefundRow['lines'][number] & { restocked?: number };

/** A line's title as the owner and the customer read it, its variant in brackets. */
export const titleOf = (item: Pick<OrderItemRow, 'title' | 'variantTitle'>) =>
  item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;

/** The order's row, locked until the transaction ends: each step of a line refund holds it. */
export async function lockedOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}
