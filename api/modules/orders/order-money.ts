import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orderRefunds, paymentRefunds, payments } from '../../db/schema';
import {
  paymentState,
  type OrderMoney,
  type OrderRefundView,
} from '../../../core/admin/order-money';
import { taken, type PaymentView } from '../../../core/orders/payments';

/** The payments an order shows: those that took money (a refunded one took it first), or will. */
const SHOWN = ['paid', 'refunded', 'pending'] as const;

/**
 * What a payment has given back: all of it once marked refunded (a cancellation from before
 * refunds were split, a refund made at the provider), else the sum of its succeeded refund parts.
 */
// Spelled out: drizzle leaves a one-table query's columns unqualified, even in a subquery.
const refundedOf = sql<number>`(case when "payments"."status" = 'refunded'
  then "payments"."amount_cents"
  else coalesce((select sum(pr."amount_cents") from "payment_refunds" pr
    where pr."payment_id" = "payments"."id" and pr."status" = 'succeeded'), 0)
  end)::int`;

/** The gift card's payment first, then the card charges, oldest first: the order refunds go in. */
const paymentOrder = [sql`${payments.method} <> 'gift_card'`, asc(payments.createdAt)];

/** The payments of these orders that took money or will (pending), each with what it has refunded, by order. */
export async function paymentsByOrder(
  db: Db,
  orderIds: string[],
): Promise<Map<string, PaymentView[]>> {
  const byOrder = new Map<string, PaymentView[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: payments.orderId,
      id: payments.id,
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      refundedCents: refundedOf,
      last4: payments.last4,
      brand: payments.brand,
    })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.status, SHOWN)))
    .orderBy(...paymentOrder);
  for (const { orderId, ...view } of rows) {
    byOrder.get(orderId)?.push({
      ...view,
      status: view.status as PaymentView['status'],
      refundedCents: Number(view.refundedCents),
    });
  }
  return byOrder;
}

/**
 * Every payment row of these orders, whatever its state, oldest first: the back office's order page
 * lists them and the orders export reads each order's reference and what each instrument took.
 */
export function paymentRecords(db: Db, orderIds: string[]) {
  const { orderId, method, status, amountCents, reference, brand, last4, createdAt } = payments;
  return db
    .select({ orderId, method, status, amountCents, reference, brand, last4, createdAt })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt));
}

/** One order's payments that took money or will (pending), the gift card's first. */
export async function paymentsOf(db: Db, orderId: string): Promise<PaymentView[]> {
  return (await paymentsByOrder(db, [orderId])).get(orderId)!;
}

/** What one refund (by its key) gave back to each instrument, the gift card's first: for emails. */
export async function refundedTo(db: Db, refundKey: string) {
  return db
    .select({
      method: payments.method,
      brand: payments.brand,
      last4: payments.last4,
      amountCents: paymentRefunds.amountCents,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(orderRefunds, eq(orderRefunds.id, paymentRefunds.refundId))
    .where(and(eq(orderRefunds.idempotencyKey, refundKey), eq(paymentRefunds.status, 'succeeded')))
    .orderBy(...paymentOrder);
}

/** A sum over the payments that took money (a pending one has not yet). */
const sumOf = (views: PaymentView[], key: 'amountCents' | 'refundedCents') =>
  taken(views).reduce((sum, view) => sum + view[key], 0);

/**
 * An order's money, as the back office shows it: its payments (each instrument, what it paid and
 * what it gave back), what was paid (their sum), each refund that succeeded (date, lines with their
 * titles, amount, gateway reference) and net. Refunds its payments show beyond the refunds recorded
 * (a payment marked refunded at the provider) show as one refund of the rest, without a reference.
 */
export async function orderMoney(
  db: Db,
  order: { id: string; paymentStatus: string },
): Promise<OrderMoney> {
  const [views, refunds, items] = await Promise.all([
    paymentsOf(db, order.id),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'succeeded')))
      .orderBy(asc(orderRefunds.createdAt)),
    db
      .select({
        id: orderItems.id,
        title: orderItems.title,
        variantTitle: orderItems.variantTitle,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position)),
  ]);
  const titleOf = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return '';
    return item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;
  };
  const refundViews: OrderRefundView[] = refunds.map((refund) => ({
    id: refund.id,
    createdAt: refund.createdAt,
    amountCents: refund.amountCents,
    reference: refund.gatewayReference,
    lines: refund.lines.map((line) => ({ ...line, title: titleOf(line.orderItemId) })),
  }));
  const paidCents = sumOf(views, 'amountCents');
  const refundedCents = sumOf(views, 'refundedCents');
  const recorded = refundViews.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refundedCents > recorded) {
    refundViews.push(restOf(items, refundViews, new Date(), refundedCents - recorded));
  }
  const state = paymentState(order.paymentStatus, paidCents, refundedCents);
  return {
    paidCents,
    refundedCents,
    netCents: paidCents - refundedCents,
    state,
    refunds: refundViews,
    payments: views,
  };
}

/** The refund of everything not yet refunded, as a payment marked refunded implies it. */
function restOf(
  items: { id: string; title: string; variantTitle: string | null; quantity: number }[],
  earlier: OrderRefundView[],
  at: Date,
  amountCents: number,
): OrderRefundView {
  const refunded = new Map<string, number>();
  for (const line of earlier.flatMap((refund) => refund.lines)) {
    refunded.set(line.orderItemId, (refunded.get(line.orderItemId) ?? 0) + line.quantity);
  }
  const lines = items
    .map((item) => ({
      orderItemId: item.id,
      title: item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title,
      quantity: item.quantity - (refunded.get(item.id) ?? 0),
      amountCents: 0,
    }))
    .filter((line) => line.quantity > 0);
  return { id: `payment-${at.toISOString()}`, createdAt: at, amountCents, reference: null, lines };
}

/**
 * What was refunded, net (paid less every refund) and payment state of each listed order (the back
 * office's list, the customer's history), by the same rule as `orderMoney`.
 */
export async function moneyByOrder(
  db: Db,
  listed: { id: string; paymentStatus: string }[],
): Promise<Map<string, Pick<OrderMoney, 'refundedCents' | 'netCents' | 'state' | 'payments'>>> {
  const byOrder = await paymentsByOrder(
    db,
    listed.map((order) => order.id),
  );
  return new Map(
    listed.map((order) => {
      const views = byOrder.get(order.id) ?? [];
      const paidCents = sumOf(views, 'amountCents');
      const refundedCents = sumOf(views, 'refundedCents');
      return [
        order.id,
        {
          refundedCents,
          netCents: paidCents - refundedCents,
          state: paymentState(order.paymentStatus, paidCents, refundedCents),
          payments: views,
        },
      ];
    }),
  );
}
