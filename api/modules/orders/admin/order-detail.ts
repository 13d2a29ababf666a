import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, orders, outbox, payments } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { ADMIN_MESSAGES, isCarrier, trackingUrl } from '../../../../core/admin/model';
import { audit, type Actor } from './deps';
import { orderMoney } from '../order-money';
import { orderItemsOf } from '../repository';
import { refundedSoFar } from '../refund-payments';
import { notesOf } from './order-notes';
import { orderActions } from './order-actions';
import { promisedWindowOf } from '../../../../core/arrival';
import { discountOf } from '../discount-view';

/** The audit action of an admin's opening of an order (a customer's data read, not a change). */
export const ORDER_VIEW = 'order.view';

/**
 * GET /admin/orders/:id: everything the owner needs to fulfil or answer for an order. Reading a
 * customer's order is audited (who, when); the order's history lists its changes only.
 */
export async function orderDetail(db: Db, actor: Actor, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  await audit(db, actor, { action: ORDER_VIEW, entity: 'order', entityId: id });
  const [items, charges, emails, history, money, notes, refunded] = await Promise.all([
    orderItemsOf(db, id),
    db
      .select({
        provider: payments.method,
        reference: payments.reference,
        status: payments.status,
        amountCents: payments.amountCents,
        brand: payments.brand,
        last4: payments.last4,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, id))
      .orderBy(asc(payments.createdAt)),
    emailsAbout(db, order),
    historyOf(db, id),
    orderMoney(db, order),
    notesOf(db, id),
    refundedSoFar(db, id),
  ]);
  const { chargeKey: _chargeKey, requestKey: _requestKey, ...visible } = order;
  return {
    // The promise as the shopper's pages show it (issue 41), besides the row's own columns.
    // The discount code as every order answer shows it (issue 42), besides its columns.
    order: { ...visible, promised: promisedWindowOf(order), discount: discountOf(order) },
    // What the owner may do now (the lifecycle table): the page shows only these buttons.
    ...orderActions(order, items),
    // Each line with the units already refunded (issue 39 item 7): the refund form offers the rest.
    items: items.map(({ stockSkus: _stockSkus, ...item }) => ({
      ...item,
      refundedQuantity: refunded.byLine.get(item.id) ?? 0,
    })),
    payments: charges,
    money,
    shipment: shipmentOf(order),
    emails,
    history,
    // Internal notes (issue 28): only this back-office answer carries them.
    notes,
  };
}

type OrderRow = typeof orders.$inferSelect;

/** The emails the customer was sent about this order (its number is in every subject). */
function emailsAbout(db: Db, order: OrderRow) {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.to, order.email),
        gte(outbox.createdAt, order.createdAt),
        sql`${outbox.subject} ~ ${`(^|\\D)${order.number}(\\D|$)`}`,
      ),
    )
    .orderBy(asc(outbox.createdAt));
}

/** The order's changes from the audit log (the owner's views of it left out). */
function historyOf(db: Db, id: string) {
  return db
    .select({
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, id), ne(auditLog.action, ORDER_VIEW)),
    )
    .orderBy(asc(auditLog.createdAt));
}

/** The carrier, tracking number and link, and the shipping and delivery times of a shipped order. */
function shipmentOf(order: OrderRow) {
  if (!order.carrier) return null;
  return {
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: isCarrier(order.carrier)
      ? trackingUrl(order.carrier, order.trackingNumber ?? '')
      : null,
    shippedAt: order.shippedAt,
    deliveredAt: order.deliveredAt,
  };
}
