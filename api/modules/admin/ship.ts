import { enqueueMail } from '../mail/outbox';
import { markShipped as ship } from '../orders/fulfilment';
import { orderStatusUrl } from '../orders/guest-link';
import { ADMIN_MESSAGES, trackingUrl, type ShipBody } from '../../../core/admin/model';
import { audit, refuseTransition, type Actor, type AdminDeps } from './deps';
import { orderShippedEmail } from './emails';
import { giftShippedEmail } from './gift-email';

/**
 * POST /admin/orders/:id/ship. The move out of unfulfilled is one conditional update (the same
 * shape as the customer's cancel), so a cancel and a shipment never both win: the loser gets 409.
 * The shipment, the audit row, the customer's email and a gift recipient's are written in the same
 * transaction.
 */
export async function markShipped(deps: AdminDeps, actor: Actor, id: string, body: ShipBody) {
  const url = trackingUrl(body.carrier, body.trackingNumber);
  const done = await deps.db.transaction(async (tx) => {
    // h-history's guarded move (api/modules/orders/fulfilment.ts), shared with the customer's cancel.
    const order = await ship(tx, {
      orderId: id,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
    if (!order) return null;
    await audit(tx, actor, {
      action: 'order.ship',
      entity: 'order',
      entityId: id,
      before: { status: 'unfulfilled' },
      after: { status: 'shipped', carrier: body.carrier, trackingNumber: body.trackingNumber },
    });
    const mail = await orderShippedEmail(
      {
        number: order.number,
        firstname: order.firstname,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        trackingUrl: url,
        // A guest has no orders page: the signed link to the order (issue 39).
        guestOrderUrl: order.userId ? undefined : orderStatusUrl(deps.shop, order),
      },
      deps.shop,
    );
    await enqueueMail(tx, { kind: 'order.shipped', to: order.email, ...mail });
    // A gift's recipient, when the buyer gave their email: once, since only one move to shipped
    // wins (issue 26). Their name is the parcel's; the buyer is named by first name only.
    if (order.giftMessage !== null && order.giftRecipientEmail) {
      const gift = await giftShippedEmail(
        {
          buyerFirstname: order.firstname,
          recipientFirstname: order.shippingAddress?.firstname || order.firstname,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl: url,
        },
        deps.shop,
      );
      await enqueueMail(tx, { kind: 'order.gift-shipped', to: order.giftRecipientEmail, ...gift });
    }
    return {
      status: order.shippingStatus,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: url,
      shippedAt: order.shippedAt,
    };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notUnfulfilled);
  deps.onMailQueued?.();
  return done!;
}
