import { markDelivered as deliver } from '../fulfilment';
import { enqueueMail } from '../../mail';
import { orderStatusUrl } from '../guest-link';
import { returnWindowEnd } from '../returns-policy';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import { formatShopDay } from '../../../../core/arrival';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';
import { shopDayOf } from '../../../../core/shop-calendar';
import { auditOrderMove, refuseTransition, type Actor, type AdminDeps } from './deps';
import { orderDeliveredEmail } from './emails';

/** The move's audit action and the statuses it goes from and to. */
const DELIVER = {
  action: 'order.deliver',
  from: ORDER_STATE.shipped,
  to: ORDER_STATE.delivered,
};

/**
 * POST /admin/orders/:id/deliver: records the delivery time (the return window starts there) and,
 * in the same transaction, emails the buyer the last day a return can be started.
 */
export async function markDelivered(deps: AdminDeps, actor: Actor, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const order = await deliver(tx, id);
    if (!order) return null;
    await auditOrderMove(tx, actor, id, DELIVER, {
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
    });
    // Set by the move itself; the return window runs from it.
    const deliveredAt = order.deliveredAt ?? new Date();
    const mail = await orderDeliveredEmail(
      {
        number: order.number,
        firstname: order.firstname,
        // The window's last instant (returns-policy.ts), as the shop's calendar names its day.
        returnBy: formatShopDay(shopDayOf(returnWindowEnd(deliveredAt))),
        guestOrderUrl: order.userId ? undefined : orderStatusUrl(deps.shop, order),
      },
      deps.shop,
    );
    await enqueueMail(tx, { kind: 'order.delivered', to: order.email, ...mail });
    return { status: order.shippingStatus, deliveredAt: order.deliveredAt };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notShipped);
  deps.onMailQueued?.();
  return done!;
}
