import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orderRefunds, payments } from '../../db/schema';
import {
  paymentState,
  type OrderMoney,
  type OrderRefundView,
} from '../../../core/admin/order-money';

/** The payment statuses of a charge that took money (a refunded one took it first). */
const TAKEN = ['paid', 'refunded'] as const;

/**
 * An order's money, as the back office shows it: what was paid (the charges that took money), each refund
 * that succeeded (date, lines with their titles, amount, gateway reference) and net, all from the
 * payment and refund rows. A payment the gateway marked refunded beyond the refunds recorded here
 * (a cancellation from before they were recorded, a refund made at the provider) shows as one
 * refund of the rest, on the payment's last change, without a reference.
 */
export async function orderMoney(
  db: Db,
  order: { id: string; paymentStatus: string },
): Promise<OrderMoney> {
  const [charges, refunds, items] = await Promise.all([
    db
      .select({
        amountCents: payments.amountCents,
        status: payments.status,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, TAKEN)))
      .orderBy(asc(payments.createdAt)),
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
  const views: OrderRefundView[] = refunds.map((refund) => ({
    id: refund.id,
    createdAt: refund.createdAt,
    amountCents: refund.amountCents,
    reference: refund.gatewayReference,
    lines: refund.lines.map((line) => ({ ...line, title: titleOf(line.orderItemId) })),
  }));
  const paidCents = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  let refundedCents = views.reduce((sum, refund) => sum + refund.amountCents, 0);
  const refundedCharge = charges.find((charge) => charge.status === 'refunded');
  if (refundedCharge && refundedCents < paidCents) {
    views.push(restOf(items, views, refundedCharge.updatedAt, paidCents - refundedCents));
    refundedCents = paidCents;
  }
  const state = paymentState(order.paymentStatus, paidCents, refundedCents);
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, state, refunds: views };
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
 * What was refunded, net (paid less every refund that succeeded) and payment state of each
 * listed order (the back office's list, the customer's history), in two
 * grouped queries, by the same rule as `orderMoney`: a payment marked refunded leaves nothing.
 */
export async function moneyByOrder(
  db: Db,
  listed: { id: string; paymentStatus: string }[],
): Promise<Map<string, Pick<OrderMoney, 'refundedCents' | 'netCents' | 'state'>>> {
  if (listed.length === 0) return new Map();
  const ids = listed.map((order) => order.id);
  const [charges, refunds] = await Promise.all([
    db
      .select({
        orderId: payments.orderId,
        paidCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
        anyRefunded: sql<boolean>`bool_or(${payments.status} = 'refunded')`,
      })
      .from(payments)
      .where(and(inArray(payments.orderId, ids), inArray(payments.status, TAKEN)))
      .groupBy(payments.orderId),
    db
      .select({
        orderId: orderRefunds.orderId,
        refundedCents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int`,
      })
      .from(orderRefunds)
      .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
      .groupBy(orderRefunds.orderId),
  ]);
  return new Map(
    listed.map((order) => {
      const charge = charges.find((row) => row.orderId === order.id);
      const paidCents = charge?.paidCents ?? 0;
      const recorded = refunds.find((row) => row.orderId === order.id)?.refundedCents ?? 0;
      const refundedCents = charge?.anyRefunded ? Math.max(paidCents, recorded) : recorded;
      return [
        order.id,
        {
          refundedCents,
          netCents: paidCents - refundedCents,
          state: paymentState(order.paymentStatus, paidCents, refundedCents),
        },
      ];
    }),
  );
}
