import { eq } from 'drizzle-orm';
import { orderRefunds, type OrderRefundRow } from '../../../db/schema';
import { stockChanged } from '../../inventory';
import { closeOrder } from '../close';
import { refundedSoFar } from '../refund-payments';
import { orderItemsOf } from '../repository';
import type { LineRefundBody } from '../../../../core/admin/line-refund';
import { type Actor, type AdminDeps } from './deps';
import { complete } from './refund-lines-complete';
import { LINES_REFUND_ACTION } from './refund-lines-parts';
import { recordRefund } from './refund-lines-record';
import { payOutRefund } from './refund-payout';

export { LINES_REFUND_ACTION, lineRefundKey } from './refund-lines-parts';
export { payOutRefund } from './refund-payout';

/**
 * POST /admin/orders/:id/refund-lines (issue 39 item 7): the owner refunds chosen lines and units
 * of an order, with or without a return, whatever their price. Four steps, each safe to repeat:
 * 1. with the order's row locked: the state allows a refund (the lifecycle), each line is the
 *    order's and its units were not refunded yet (a second refund of a unit, or two at once, is
 *    refused), the gift cards of refunded gift-card units are voided (what they already paid for
 *    is kept back), the amount is computed (each line's price and its share of its own tax; the
 *    refund of the last units gives back the rest of what was paid) and recorded `pending`;
 * 2. the payments give it back through `refundPayments` (the gift card's part first), with a key
 *    made from the browser's; a refusal marks it failed (its units can be refunded again) and
 *    answers 503;
 * 3. with the order's row locked again, once per refund: the units the owner asked go back to
 *    stock, the audit row, and the customer's email;
 * 4. a refund that leaves no unit unrefunded closes the order through `closeOrder`.
 */
export async function refundOrderLines(
  deps: AdminDeps,
  actor: Actor,
  orderId: string,
  body: LineRefundBody,
) {
  const refund = await recordRefund(deps.db, actor, orderId, body);
  if (refund.status !== 'succeeded') await giveBack(deps, actor, refund, body);
  const change = await complete(deps, actor, refund, body);
  if (change) {
    await stockChanged(deps.db, change);
    deps.onMailQueued?.();
  }
  const closed = await closeWhenAllRefunded(deps, actor, orderId);
  const [now] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return {
    id: now!.id,
    status: now!.status,
    amountCents: now!.amountCents,
    lines: now!.lines,
    orderStatus: closed,
  };
}

/** Step 2: the refund of lines is paid out (payOutRefund). */
function giveBack(deps: AdminDeps, actor: Actor, refund: OrderRefundRow, body: LineRefundBody) {
  return payOutRefund(deps, actor, refund, 'refunded by the shop', {
    action: LINES_REFUND_ACTION,
    after: {
      status: 'failed',
      refundId: refund.id,
      amountCents: refund.amountCents,
      lines: refund.lines,
      reason: body.reason,
    },
  });
}

/**
 * Step 4: once every unit of the order was refunded (by lines, a return's refund or both), the
 * order closes through `closeOrder` (issue 35: the one way an order ends without shipping):
 * canceled, its cards voided, what is left of its payments given back. Answers its state.
 */
export async function closeWhenAllRefunded(
  deps: AdminDeps,
  actor: Actor,
  orderId: string,
): Promise<string | null> {
  const items = await orderItemsOf(deps.db, orderId);
  const { byLine } = await refundedSoFar(deps.db, orderId);
  const all = items.every((item) => (byLine.get(item.id) ?? 0) >= item.quantity);
  if (items.length === 0 || !all) return null;
  // The refund's own email told the buyer; the close sends them no second one.
  const closed = await closeOrder(deps, orderId, {
    by: 'full-refund',
    actorEmail: actor.email,
    buyerTold: true,
  });
  return closed?.order.shippingStatus ?? null;
}
