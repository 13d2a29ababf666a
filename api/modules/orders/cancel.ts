import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, type OrderItemRow, type OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { orderCanceledEmail, type ShopDetails } from '../mail/templates';
import {
  customerCanceledOrderEmail,
  shopCanceledOrderEmail,
  type CanceledOrderSummary,
} from '../mail/templates/CancelEmails';
import type { PaymentGateway } from '../payments/gateway';
import { catalogueChanged } from '../product/invalidate';
import { cancelableState, noFileDownloaded } from './digital-delivery';
import { moveFromUnfulfilled } from './fulfilment';
import { findOwnOrder } from './history';
import { HISTORY_MESSAGES } from '../../../core/orders/history-model';
import type { Customer } from './ownership';
import { orderItemsOf } from './repository';
import { paymentsOf, refundedTo } from './order-money';
import { taken } from '../../../core/orders/payments';
import { refundPayments } from './refund-payments';
import { releaseStock, reservationOf, stockChangeOf } from './stock';

export interface CancelDependencies {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
  shop: ShopDetails;
  onMailQueued?: () => void;
}

/** The gateway idempotency key of an order's cancellation refund: one per order, so one refund. */
export function refundKeyFor(orderId: string): string {
  return `order-${orderId}-cancel-refund`;
}

const UNFINISHED = ['canceling', 'refund_failed'] as const;

/**
 * POST /orders/cancel. Three steps, each safe to repeat:
 * 1. the guarded move unfulfilled → canceling (fulfilment.ts), so a shipment of the same order
 *    cannot also win; a cancel that did not finish (canceling, refund_failed) is taken up again;
 * 2. the full payment is refunded through the gateway with a key derived from the order; a
 *    failure leaves the order `refund_failed` with its stock untouched, and answers 'Unable to
 *    cancel order.';
 * 3. one transaction takes the order from canceling/refund_failed to canceled, puts its stock
 *    back, marks its payment refunded and queues the customer's email: the conditional move makes
 *    the restock happen once however many retries race.
 * Another customer's order, or one not listed, is 404 with nothing changed; an order past
 * unfulfilled (shipped, delivered, canceled; a digital-only order is delivered when paid and can
 * be canceled until a download), or one with a file already downloaded, is 409.
 */
export async function cancelOrder(
  deps: CancelDependencies,
  customer: Customer,
  orderId: string,
): Promise<OrderRow> {
  const { db } = deps;
  let order = await moveFromUnfulfilled(db, orderId, 'canceling', {
    customer,
    set: { canceledAt: new Date() },
    // A digital file already downloaded cannot be given back (the return policy): no refund.
    // Read with the order's row locked, which a download holds while it counts its use, so a
    // download at the same moment is either seen here or refused (downloads/use-link.ts).
    where: noFileDownloaded(db),
    // Digital items only are delivered when paid, and can be canceled until a download.
    from: cancelableState,
  });
  if (!order) {
    const current = await findOwnOrder(db, customer, orderId);
    if (!current) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.cancelFailed);
    if (!(UNFINISHED as readonly string[]).includes(current.shippingStatus)) {
      throw new AppError('CONFLICT', HISTORY_MESSAGES.cancelFailed);
    }
    order = current;
  }
  return completeCancellation(deps, order);
}

/**
 * Steps 2 and 3 of a cancel, for an order already out of unfulfilled (`canceling` or
 * `refund_failed`): the customer's retry goes through here, and so can the back office's "retry
 * refund" (`retryCancellation`). Safe to run twice at once: one refund key, one conditional move.
 */
export async function completeCancellation(
  deps: CancelDependencies,
  order: OrderRow,
  actorEmail: string = order.email,
): Promise<OrderRow> {
  const { db } = deps;
  const items = await orderItemsOf(db, order.id);
  const owed = taken(await paymentsOf(db, order.id)).reduce(
    (sum, payment) => sum + payment.amountCents - payment.refundedCents,
    0,
  );
  // Every payment given back, the gift card's first (issue 35); one refund key per order.
  if (owed > 0) {
    try {
      await refundPayments(deps, order, {
        amountCents: owed,
        key: refundKeyFor(order.id),
        actorEmail,
        reason: 'order canceled',
        // The whole order goes back, so the whole tax does (issue 28).
        taxCents: order.taxCents,
        lines: items.map((item) => {
          const net = item.unitPriceCents * item.quantity;
          return {
            orderItemId: item.id,
            quantity: item.quantity,
            amountCents: net + Math.round(net * order.taxRate),
          };
        }),
      });
    } catch (error) {
      log('error', 'cancellation refund failed; the order is left refund_failed', {
        orderId: order.id,
        error: String(error),
      });
      await db
        .update(orders)
        .set({ shippingStatus: 'refund_failed', updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.shippingStatus, 'canceling')));
      throw new AppError('UNAVAILABLE', HISTORY_MESSAGES.cancelFailed);
    }
  }

  const mails = await cancellationMails(
    order,
    items,
    deps.shop,
    await refundedTo(db, refundKeyFor(order.id)),
  );
  const finished = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(orders)
      .set({ shippingStatus: 'canceled', paymentStatus: 'refunded', updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), inArray(orders.shippingStatus, UNFINISHED)))
      .returning();
    if (!done) return undefined;
    await releaseStock(tx, reservationOf(items));
    for (const mail of mails) await enqueueMail(tx, mail);
    return done;
  });
  if (finished) {
    // The catalogue read model reads the restocked products back.
    await catalogueChanged(db, stockChangeOf(reservationOf(items)));
    deps.onMailQueued?.();
    return finished;
  }
  // A concurrent retry finished it first.
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  return now!;
}

/**
 * The emails of a finished cancel. The shop's cancel (the order keeps its reason) tells the
 * customer the shop canceled it, why, and what was refunded; a customer's own cancel keeps its
 * email ("… is canceled as you asked") and the shop is told (SHOP_EMAIL, issue 25).
 */
async function cancellationMails(
  order: OrderRow,
  items: OrderItemRow[],
  shop: ShopDetails,
  refunds: CanceledOrderSummary['refundedTo'],
): Promise<OutgoingMail[]> {
  const summary: CanceledOrderSummary = {
    refundedTo: refunds,
    number: order.number,
    firstname: order.firstname,
    lastname: order.lastname,
    email: order.email,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    giftCardCents: order.giftCardCents,
    items: items.map(({ title, variantTitle, quantity, unitPriceCents }) => ({
      title,
      variantTitle,
      quantity,
      unitPriceCents,
    })),
  };
  if (order.cancelReason) {
    const email = await shopCanceledOrderEmail(summary, order.cancelReason, order.cancelNote, shop);
    return [{ kind: 'order.canceled', to: order.email, ...email }];
  }
  const [forCustomer, forShop] = await Promise.all([
    orderCanceledEmail(
      {
        number: order.number,
        firstname: order.firstname,
        totalCents: order.totalCents,
        giftCardCents: order.giftCardCents,
        refundedTo: refunds,
        items: items.map(({ title, variantTitle, quantity }) => ({
          title,
          variantTitle,
          quantity,
        })),
      },
      shop,
    ),
    customerCanceledOrderEmail(summary, shop),
  ]);
  return [
    { kind: 'order.canceled', to: order.email, ...forCustomer },
    { kind: 'order.canceled.shop', to: shop.shopEmail, replyTo: order.email, ...forShop },
  ];
}

/**
 * The back office's retry of a cancellation whose refund failed (or was cut short): undefined when
 * the order is not `canceling` or `refund_failed`; throws 'Unable to cancel order.' (503) when the
 * refund fails again.
 */
export async function retryCancellation(
  deps: CancelDependencies,
  orderId: string,
  actorEmail?: string,
): Promise<OrderRow | undefined> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.shippingStatus, UNFINISHED)));
  return order ? completeCancellation(deps, order, actorEmail) : undefined;
}
