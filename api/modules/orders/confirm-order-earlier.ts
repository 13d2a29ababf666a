import { AppError, StillInFlight } from '../../lib/errors';
import { completeKey, earlierOrderOf, releaseKey } from './idempotency';
import { chargeKeyFor, findOrder } from './repository';
import { ORDER_STATE, paid } from '../../../core/orders/lifecycle';
import { ORDER_MESSAGES, type OrderConfirmed } from '../../../core/orders/model';
import type { ConfirmOrderContext } from './confirm-order-context';

/**
 * A retry whose key an earlier request already placed an order with (the key was let go when the
 * recovery job closed that order unpaid) gets that order's answer, never a new order nor a refusal
 * of its own earlier charge (issue 36 point 12): paid → 201 with it; still pending → 409 with
 * Retry-After; closed after its card details were charged (a charge that came too late, given
 * back) → 409 saying so. Closed and never charged: undefined, a new order is placed.
 */
export async function answerOfEarlierOrder(
  context: ConfirmOrderContext,
): Promise<ConfirmOrderContext['response']> {
  const { db, gateway } = context.deps;
  const key = context.idempotencyKey;
  const earlier = await earlierOrderOf(db, key);
  if (!earlier) return undefined;
  const letGo = () => releaseKey(db, key, context.claimId!);
  if (earlier.state === ORDER_STATE.pendingPayment) {
    await letGo();
    throw new StillInFlight(ORDER_MESSAGES.stillConfirming);
  }
  // Stryker disable next-line ConditionalExpression: equivalent for `true`; findOrder shows only paid states, so for an unpaid one it finds nothing and the lines below run as without this check
  if (paid(earlier.state)) {
    const order = await findOrder(db, earlier.id);
    if (order) {
      const body: OrderConfirmed = { message: ORDER_MESSAGES.confirmed, orderId: order._id, order };
      await completeKey(db, key, { status: 201, body, orderId: order._id });
      return { status: 201, body };
    }
  }
  const { billingInfo } = context.order;
  if (billingInfo.paymentMethodId === '' || billingInfo.stored) return undefined;
  // Stryker disable next-line LogicalOperator: equivalent; an order's charge key is written as chargeKeyFor(its id) (insertPendingOrder)
  const charge = await gateway.lookup(earlier.chargeKey ?? chargeKeyFor(earlier.id));
  if (charge.kind !== 'charged') return undefined;
  await letGo();
  throw new AppError('CONFLICT', ORDER_MESSAGES.earlierChargeGivenBack);
}
