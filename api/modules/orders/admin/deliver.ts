import { markDelivered as deliver } from '../fulfilment';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import { auditOrderMove, refuseTransition, type Actor, type AdminDeps } from './deps';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';

/** The move's audit action and the statuses it goes from and to. */
const DELIVER = {
  action: 'order.deliver',
  from: ORDER_STATE.shipped,
  to: ORDER_STATE.delivered,
};

/** POST /admin/orders/:id/deliver: records the delivery time (the return window starts there). */
export async function markDelivered(deps: AdminDeps, actor: Actor, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const order = await deliver(tx, id);
    if (!order) return null;
    await auditOrderMove(tx, actor, id, DELIVER, {
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
    });
    return { status: order.shippingStatus, deliveredAt: order.deliveredAt };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notShipped);
  return done!;
}
