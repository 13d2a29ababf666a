import { markDelivered as deliver } from '../fulfilment';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import { audit, refuseTransition, type Actor, type AdminDeps } from './deps';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';

/** POST /admin/orders/:id/deliver: records the delivery time (the return window starts there). */
export async function markDelivered(deps: AdminDeps, actor: Actor, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const order = await deliver(tx, id);
    if (!order) return null;
    await audit(tx, actor, {
      action: 'order.deliver',
      entity: 'order',
      entityId: id,
      before: { status: ORDER_STATE.shipped },
      after: {
        status: ORDER_STATE.delivered,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
      },
    });
    return { status: order.shippingStatus, deliveredAt: order.deliveredAt };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notShipped);
  return done!;
}
