import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments, type OrderItemRow, type OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { enqueueMail, type ShopDetails } from '../mail';
import type { PaymentGateway } from '../payments';
import { voidCardsOf } from '../gift-cards';
import { releaseUse } from '../discounts';
import { orderStockChanged, type StockChange as CatalogueChange } from '../inventory';
import { HISTORY_MESSAGES } from '../../../core/orders/history-model';
import { allows, ORDER_STATE, orderKindOf } from '../../../core/orders/lifecycle';
import type { CancelReason } from '../../../core/admin/cancel-reason';
import { cancelableState, noFileDownloaded } from './digital-delivery';
import { closingMails } from './close-mails';
import { refundedTo } from './order-money';
import { closeUnpaid } from './close-unpaid';
import { ownedBy, type Customer } from './ownership';
import { giveBack, refundKeyFor, unitsNotRefunded, type GivenBack } from './close-refund';
import { orderItemsOf } from './repository';
import { releaseStock, reservationOf, stockChangeOf } from './stock';

export { refundKeyFor } from './close-refund';

/** Who, or what, ends an order without shipping it. */
export type ClosedBy =
  | 'customer'
  | 'owner'
  | 'guest'
  | 'recovery'
  | 'payment-failed'
  | 'payment-refunded'
  | 'full-refund';

export interface CloseOptions {
  by: ClosedBy;
  /** Who the refund is recorded as made by; empty: the order's buyer. */
  actorEmail: string;
  /** The owner's reason and note (the buyer's email says them). */
  reason?: CancelReason;
  note?: string | null;
  /** Only an order of this customer (or this link's holder) closes: the customer's cancel. */
  customer?: Customer;
  /**
   * The buyer was already told by the caller (a refund of lines or of a return mails its own
   * "refunded" email), so the close adds no second email to them; the shop's copies still go.
   */
  buyerTold?: boolean;
}

export interface CloseDependencies {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
  shop: ShopDetails;
  onMailQueued?: () => void;
  /** Told of the stock put back instead of the catalogue (when `db` is a caller's transaction). */
  onStockReleased?: (change: CatalogueChange) => void;
}

/** `closed`: this call closed it; `refused`: its state does not allow it (or it was closed). */
export interface CloseResult {
  outcome: 'closed' | 'refused';
  order: OrderRow;
}

/** Being closed: the refund did not finish (a crash, or the gateway failed); taken up again. */
export const UNFINISHED = [ORDER_STATE.canceling, ORDER_STATE.refundFailed] as const;

/**
 * The one way an order ends without shipping (issue 35): the customer's, a guest's and the owner's
 * cancel, the recovery of an abandoned payment, a failed or refunded Stripe payment, a full refund.
 * - A pending order (not paid) ends `abandoned` or `payment_failed` in one transaction with its row
 *   locked: stock back, gift cards' part back, its request key let go; nobody is mailed (the
 *   shopper saw the answer).
 * - A paid order, in three steps, each safe to repeat and to race:
 *   1. with its row locked (`select … for update`), the state is checked and moved to `canceling`,
 *      and the gift cards it bought are voided: what they already paid for is kept back. A
 *      shipment, a download or a spend of such a card at the same moment is seen or refused;
 *   2. its payments are given back (paid − kept back, the gift cards' part first) with one key
 *      per order, so a second close at once gets the same refund; a refund the gateway refuses
 *      leaves it `refund_failed` and answers 'Unable to cancel order.' (503), and closing it again
 *      finishes it;
 *   3. with its row locked again, a guarded move to `canceled` lets one close only put its stock
 *      back, queue its emails and tell the catalogue (once).
 * Undefined when the order does not exist (or is not this customer's).
 */
export async function closeOrder(
  deps: CloseDependencies,
  orderId: string,
  options: CloseOptions,
): Promise<CloseResult | undefined> {
  let released: ReturnType<typeof reservationOf> | undefined;
  const begun = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), options.customer ? ownedBy(options.customer) : undefined))
      .for('update');
    if (!order) return undefined;
    const items = await orderItemsOf(tx, orderId);
    if (order.shippingStatus === ORDER_STATE.pendingPayment) {
      if (options.by !== 'recovery' && options.by !== 'payment-failed') return refused(order);
      released = reservationOf(items);
      return { outcome: 'closed' as const, order: await closeUnpaid(tx, order, items, options.by) };
    }
    const unfinished = (UNFINISHED as readonly string[]).includes(order.shippingStatus);
    if (!unfinished && !(await mayClose(tx, order, items, options))) return refused(order);
    const closing = unfinished ? order : await startClosing(tx, order, options);
    const { keptBackCents } = await voidCardsOf(tx, orderId, 'order canceled');
    return { outcome: 'closing' as const, order: closing, items, keptBackCents };
  });
  if (begun?.outcome !== 'closing') {
    await tellCatalogue(deps, released);
    return begun;
  }

  const { order, items } = begun;
  const { refund, keptBackCents } = await giveBackOrFail(
    deps,
    order,
    begun.keptBackCents,
    options.actorEmail,
  );
  // What went back to each instrument, as the emails name them (issue 35).
  const refundedParts = await refundedTo(deps.db, refundKeyFor(order.id));
  let mailed = false;
  const finished = await deps.db.transaction(async (tx) => {
    const done = await finishClosing(tx, order, options);
    if (!done) return undefined;
    // Its discount code's use is given back (issue 42): only this guarded move gets here, once.
    await releaseUse(tx, order.id);
    if (!order.shippedAt) {
      // Units an owner's line refund already gave back had their stock decided then (issue 39).
      released = reservationOf(await unitsNotRefunded(tx, order.id, items));
      await releaseStock(tx, released);
    }
    const all = await closingMails(deps.shop, done, items, {
      by: options.by,
      refund,
      keptBackCents,
      refundedTo: refundedParts,
    });
    const mails = options.buyerTold ? all.filter((mail) => mail.kind !== 'order.canceled') : all;
    for (const mail of mails) await enqueueMail(tx, mail);
    mailed = mails.length > 0;
    return done;
  });
  if (!finished) {
    // A close at the same moment finished it first.
    const [now] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    return refused(now!);
  }
  await tellCatalogue(deps, released);
  if (mailed) deps.onMailQueued?.();
  return { outcome: 'closed', order: finished };
}

/** The stock put back reaches the catalogue (or the caller, whose transaction holds it). */
async function tellCatalogue(
  deps: CloseDependencies,
  released: ReturnType<typeof reservationOf> | undefined,
) {
  if (!released) return;
  if (deps.onStockReleased) deps.onStockReleased(stockChangeOf(released));
  else await orderStockChanged(deps.db, stockChangeOf(released));
}

/** Step 2; a refusal leaves the order `refund_failed` and answers 503. */
async function giveBackOrFail(
  deps: CloseDependencies,
  order: OrderRow,
  keptBackCents: number,
  actorEmail: string,
): Promise<GivenBack> {
  try {
    return await giveBack(deps, order, keptBackCents, actorEmail || order.email);
  } catch (error) {
    log('error', 'closing refund failed; the order is left refund_failed', {
      orderId: order.id,
      error: String(error),
    });
    await deps.db
      .update(orders)
      .set({ shippingStatus: ORDER_STATE.refundFailed, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.shippingStatus, ORDER_STATE.canceling)));
    throw new AppError('UNAVAILABLE', HISTORY_MESSAGES.cancelFailed);
  }
}

const refused = (order: OrderRow) => ({ outcome: 'refused' as const, order });

/**
 * Whether the order's state allows `by` to close it, read with its row locked: the customer's
 * cancel while unfulfilled (or digital-only and delivered) and nothing downloaded; the owner's and
 * a failed or refunded Stripe payment's while unfulfilled; a full refund wherever a refund is.
 */
async function mayClose(
  tx: Db,
  order: OrderRow,
  items: OrderItemRow[],
  { by }: CloseOptions,
): Promise<boolean> {
  if (by === 'customer' || by === 'guest') {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), cancelableState, noFileDownloaded(tx)));
    return row !== undefined;
  }
  if (by === 'full-refund') return allows(order.shippingStatus, orderKindOf(items), 'refund');
  if (by === 'recovery') return false;
  return order.shippingStatus === ORDER_STATE.unfulfilled;
}

async function startClosing(tx: Db, order: OrderRow, options: CloseOptions): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      shippingStatus: ORDER_STATE.canceling,
      canceledAt: new Date(),
      // The recovery job counts its tries at finishing the close afresh (recovery.ts).
      recoveryAttempts: 0,
      recoveryNextAt: null,
      recoveryError: null,
      ...(options.reason ? { cancelReason: options.reason, cancelNote: options.note ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

/** canceling/refund_failed → canceled; its paid charges are refunded (or failed stays failed). */
async function finishClosing(
  tx: Db,
  order: OrderRow,
  { by }: CloseOptions,
): Promise<OrderRow | undefined> {
  const paymentStatus = by === 'payment-failed' ? 'failed' : 'refunded';
  const [done] = await tx
    .update(orders)
    .set({ shippingStatus: ORDER_STATE.canceled, paymentStatus, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), inArray(orders.shippingStatus, UNFINISHED)))
    .returning();
  if (!done) return undefined;
  if (by !== 'payment-failed') {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')));
  }
  return done;
}
