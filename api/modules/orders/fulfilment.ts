import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema';
import { ownedBy, type Customer } from './ownership';
import { ORDER_STATE } from '../../../core/orders/lifecycle';

/**
 * Where an unfulfilled order can go: shipped (the owner's "mark shipped") or canceling (the
 * customer's cancel, whose refund is under way; see cancel.ts).
 */
export type UnfulfilledExit = typeof ORDER_STATE.shipped | typeof ORDER_STATE.canceling;

export interface MoveOptions {
  /** Only an order of this customer moves (the customer's cancel); omitted for the shop owner. */
  customer?: Customer;
  /** Columns written with the move (carrier and tracking for a shipment). */
  set?: Partial<
    Pick<
      OrderRow,
      'carrier' | 'trackingNumber' | 'shippedAt' | 'canceledAt' | 'cancelReason' | 'cancelNote'
    >
  >;
  /** A further condition the order must meet, read with its row locked (the customer's cancel). */
  where?: SQL;
  /**
   * The states it may leave, when more than `unfulfilled` (a customer's cancel also takes a
   * digital-only order, delivered when paid: orders/digital-delivery.ts).
   */
  from?: SQL;
}

/**
 * Takes the order's row lock until the end of the transaction `tx`: `update` to change the
 * order's state (the customer's cancel), `share` for a decision elsewhere that needs the state to
 * hold until it commits (a download counting its use, downloads/use-link.ts). Shares never wait for
 * one another; a change waits for every share, and every share for a change. Answers whether the
 * order exists and meets `where` (read anew from the locked row, however long the lock took).
 */
export async function lockOrder(
  tx: Db,
  orderId: string,
  strength: 'update' | 'share',
  where?: SQL,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), where))
    .for(strength);
  return row !== undefined;
}

/**
 * The one guarded transition out of `unfulfilled`: a conditional update, so of a cancel and a
 * shipment of the same order exactly one wins (PostgreSQL re-checks the order row's condition
 * after waiting for the other's row lock). A further condition (`where`) that reads other tables
 * is not re-checked that way: it would be read as things were when the statement began. So with
 * one, the order's row is locked first and the update, a statement of its own, reads what
 * committed before the lock was had (the cancel's "no file downloaded yet" against a download
 * holding the order's row, downloads/use-link.ts). Answers the moved row, or undefined when the
 * order is not unfulfilled any more (or not this customer's). Pass a transaction to move it
 * together with other writes.
 */
export async function moveFromUnfulfilled(
  db: Db,
  orderId: string,
  to: UnfulfilledExit,
  options: MoveOptions = {},
): Promise<OrderRow | undefined> {
  const move = async (tx: Db) => {
    const [row] = await tx
      .update(orders)
      .set({ ...options.set, shippingStatus: to, updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, orderId),
          options.from ?? eq(orders.shippingStatus, ORDER_STATE.unfulfilled),
          options.customer ? ownedBy(options.customer) : undefined,
          options.where,
        ),
      )
      .returning();
    return row;
  };
  if (!options.where) return move(db);
  return db.transaction(async (tx) => {
    const owner = options.customer ? ownedBy(options.customer) : undefined;
    if (!(await lockOrder(tx, orderId, 'update', owner))) return undefined;
    return move(tx);
  });
}

export interface ShipmentDetails {
  orderId: string;
  carrier: string;
  trackingNumber: string;
}

/**
 * The owner's "mark shipped": unfulfilled → shipped with its carrier and tracking number, through
 * the same guarded transition as the customer's cancel. Undefined when the order was not
 * unfulfilled (already shipped, canceled or being canceled): nothing changed.
 */
export async function markShipped(
  db: Db,
  { orderId, carrier, trackingNumber }: ShipmentDetails,
): Promise<OrderRow | undefined> {
  return moveFromUnfulfilled(db, orderId, ORDER_STATE.shipped, {
    set: { carrier: carrier.trim(), trackingNumber: trackingNumber.trim(), shippedAt: new Date() },
  });
}

/**
 * The owner's "mark delivered": shipped → delivered, stamping `deliveredAt` (the 14 days for a
 * return count from it). Undefined when the order was not shipped.
 */
export async function markDelivered(
  db: Db,
  orderId: string,
  at: Date = new Date(),
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ shippingStatus: ORDER_STATE.delivered, deliveredAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.shippingStatus, ORDER_STATE.shipped)))
    .returning();
  return row;
}
