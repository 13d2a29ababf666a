import { eq } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { enqueueMail } from '../../mail';
import { markShipped as ship } from '../fulfilment';
import { orderStatusUrl } from '../guest-link';
import {
  ADMIN_MESSAGES,
  isCarrier,
  trackingUrl,
  type BulkShipBody,
  type ShipBody,
} from '../../../../core/admin/model';
import { AppError } from '../../../lib/errors';
import { auditOrderMove, refuseTransition, type Actor, type AdminDeps } from './deps';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';
import { assertAllowed } from './order-actions';
import { orderShippedEmail } from './emails';
import { giftShippedEmail } from './gift-email';

/** The move's audit action and the statuses it goes from and to. */
const SHIP = {
  action: 'order.ship',
  from: ORDER_STATE.unfulfilled,
  to: ORDER_STATE.shipped,
};

/**
 * POST /admin/orders/:id/ship. The move out of unfulfilled is one conditional update (the same
 * shape as the customer's cancel), so a cancel and a shipment never both win: the loser gets 409.
 * The shipment, the audit row, the customer's email and a gift recipient's are written in the same
 * transaction.
 */
export async function markShipped(deps: AdminDeps, actor: Actor, id: string, body: ShipBody) {
  // Untracked letter mail (carrier "none") has no tracking page.
  const url =
    isCarrier(body.carrier) && body.trackingNumber
      ? trackingUrl(body.carrier, body.trackingNumber)
      : null;
  const done = await deps.db.transaction(async (tx) => {
    // h-history's guarded move (api/modules/orders/fulfilment.ts), shared with the customer's cancel.
    const order = await ship(tx, {
      orderId: id,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
    if (!order) return null;
    const { carrier, trackingNumber } = body;
    await auditOrderMove(tx, actor, id, SHIP, { carrier, trackingNumber });
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

/** One order of a bulk shipment: shipped, or refused with the sentence a single ship would say. */
export type BulkShipResult =
  | { orderId: string; number: number | null; shipped: true }
  | { orderId: string; number: number | null; shipped: false; error: string };

/**
 * POST /admin/orders/ship-many (issue 39 item 12): several orders shipped in one action, each with its
 * carrier and tracking, each exactly as a single ship (the lifecycle's check, the guarded move,
 * its audit row and its emails, in its own transaction). An order that cannot ship (canceled
 * meanwhile, already shipped, nothing to ship) is answered by number with why; the others still
 * ship.
 */
export async function shipMany(deps: AdminDeps, actor: Actor, body: BulkShipBody) {
  const results: BulkShipResult[] = [];
  for (const { orderId, ...shipment } of body.shipments) {
    const [row] = await deps.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));
    const number = row?.number ?? null;
    try {
      await assertAllowed(deps.db, orderId, 'ship');
      await markShipped(deps, actor, orderId, shipment);
      results.push({ orderId, number, shipped: true });
    } catch (error) {
      if (!(error instanceof AppError) || !['CONFLICT', 'NOT_FOUND'].includes(error.type)) {
        throw error;
      }
      results.push({ orderId, number, shipped: false, error: error.message });
    }
  }
  return {
    shipped: results.filter((result) => result.shipped).length,
    results,
  };
}
