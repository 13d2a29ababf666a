import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { orders, payments, stripeEvents, type PaymentStatus } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { ShopDetails } from '../mail';
import { closeOrder, paidOrderState, orderItemsOf, issuePaidCards } from '../orders';
import { orderStockChanged, type StockChange as CatalogueChange } from '../inventory';
import { PAYMENT_MESSAGES } from '../../../core/payments/model';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { canMovePayment } from './status';
import { stripeGateway } from './stripe';

export interface StripeWebhookSettings {
  stripe: Stripe;
  secret: string;
}

/** What the webhook's effects need besides the database: the shop (emails) and the mail worker. */
export interface WebhookEffects {
  shop: ShopDetails;
  onMailQueued?: () => void;
}

/** The effects' set-up inside the event's transaction; catalogue and mail signals after it. */
interface EventDeps extends WebhookEffects {
  stripe: Stripe;
  stockChanges: CatalogueChange[];
  mailed: () => void;
}

export type WebhookOutcome =
  'applied' | 'stale' | 'refunded late payment' | 'unknown payment' | 'ignored type' | 'duplicate';

/** An event for a payment this shop made whose order is not settled yet: Stripe should retry. */
class NotYetRecorded extends Error {}

interface EventObject {
  object?: string;
  id?: string;
  payment_intent?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
}

function paymentIntentOf(event: Stripe.Event) {
  const object = event.data.object as EventObject;
  const ours = object.metadata?.shop === 'evergreen';
  const chargeKey = object.metadata?.chargeKey;
  let id: string | undefined;
  if (object.object === 'payment_intent' && object.id) id = object.id;
  else if (typeof object.payment_intent === 'string') id = object.payment_intent;
  else if (object.payment_intent && typeof object.payment_intent === 'object') {
    id = object.payment_intent.id;
  }
  return id ? { id, ours, chargeKey } : undefined;
}

const STATUS_BY_EVENT: Record<string, PaymentStatus> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'charge.refunded': 'refunded',
};

/**
 * An event for a payment with no row: another shop's (unknown), or ours whose order is closed
 * unpaid (a late success is refunded at once, anything else is stale), or still pending (the
 * request or the recovery job settles it; Stripe sends the event again later).
 */
async function eventBeforeItsPayment(
  db: Db,
  stripe: Stripe,
  intent: NonNullable<ReturnType<typeof paymentIntentOf>>,
  status: PaymentStatus,
): Promise<WebhookOutcome> {
  if (!intent.ours) return 'unknown payment';
  const [order] = intent.chargeKey
    ? await db.select().from(orders).where(eq(orders.chargeKey, intent.chargeKey)).for('update')
    : // Stryker disable next-line ArrayDeclaration: equivalent; any other value has no state, so it is not closed and the event waits (NotYetRecorded) as with no order
      [];
  const closed =
    order?.shippingStatus === ORDER_STATE.abandoned ||
    order?.shippingStatus === ORDER_STATE.paymentFailed;
  if (closed && status === 'paid') {
    await stripe.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `${intent.chargeKey}-late-refund` },
    );
    log('info', 'stripe: refunded a payment that came after its order was closed', {
      paymentIntent: intent.id,
      orderId: order!.id,
    });
    return 'refunded late payment';
  }
  if (closed) return 'stale';
  // Pending: the request or the recovery job settles it; Stripe sends the event again later.
  throw new NotYetRecorded();
}

/**
 * One event's effect, inside the transaction that records it. The payment moves only along the
 * state machine (status.ts), so events take effect in order of their effect, not of arrival: a
 * late or replayed `succeeded` never turns a refunded order back into paid. A failure or a refund
 * of an order not yet shipped closes it (orders/close.ts). A success issues the gift cards the
 * order bought. A success for an order that was abandoned, failed or canceled is refunded at once.
 */
async function applyEvent(db: Db, deps: EventDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const { stripe } = deps;
  const status = STATUS_BY_EVENT[event.type];
  if (!status) return 'ignored type';
  const intent = paymentIntentOf(event);
  if (!intent) return 'ignored type';

  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'stripe'), eq(payments.reference, intent.id)))
    .for('update');
  if (!payment) return eventBeforeItsPayment(db, stripe, intent, status);

  if (!canMovePayment(payment.status, status)) return 'stale';
  const failure =
    event.type === 'payment_intent.payment_failed'
      ? ((event.data.object as Stripe.PaymentIntent).last_payment_error?.message ?? null)
      : null;
  await db
    .update(payments)
    .set({ status, failureMessage: failure, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent; a payment row's order_id references its order (on delete cascade), so the order is always found
  if (!order) return 'applied';
  if (status === 'paid' && order.shippingStatus === ORDER_STATE.canceled) {
    // A retry that succeeded after the order was canceled for its failed payment: give it back.
    await stripe.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `${payment.idempotencyKey}-late-refund` },
    );
    return 'refunded late payment';
  }
  if (status !== 'paid') {
    // A failed or refunded payment of an order not shipped ends it, through the one way to close
    // an order (orders/close.ts): stock back, the gift cards' part back, the buyer mailed.
    if (order.shippingStatus === ORDER_STATE.unfulfilled) {
      const closing = {
        db,
        gateway: stripeGateway(stripe),
        shop: deps.shop,
        onMailQueued: deps.mailed,
        onStockReleased: (change: CatalogueChange) => deps.stockChanges.push(change),
      };
      await closeOrder(closing, order.id, {
        by: status === 'failed' ? 'payment-failed' : 'payment-refunded',
        actorEmail: '',
      });
    } else {
      await db
        .update(orders)
        .set({ paymentStatus: status, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
    }
    return 'applied';
  }
  // Paid at last: digital items only are delivered now (their download link is their delivery),
  // and the gift cards it bought are issued (never while the payment was pending, issue 35).
  const settling =
    order.shippingStatus === ORDER_STATE.unfulfilled && order.paymentStatus !== 'paid';
  const items = await orderItemsOf(db, order.id);
  await db
    .update(orders)
    .set({
      paymentStatus: status,
      ...(settling ? paidOrderState(items, status) : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  if (settling) {
    await issuePaidCards(db, deps.shop, order);
    deps.mailed();
  }
  return 'applied';
}

/**
 * POST /payments/stripe/webhook. The signature is checked over the raw body with the endpoint's
 * secret; each event id is handled once (a replay answers 'duplicate'); the event and its effect on
 * the payment and the order are written in one transaction, so a failure lets Stripe send it again.
 */
export async function handleStripeWebhook(
  db: Db,
  settings: StripeWebhookSettings,
  rawBody: string,
  signature: string | null,
  effects: WebhookEffects,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = settings.stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.secret);
  } catch {
    throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidSignature);
  }

  // Stock put back inside the transaction reaches the catalogue model once it has committed.
  const stockChanges: CatalogueChange[] = [];
  let mailed = false;
  const deps: EventDeps = {
    ...effects,
    stripe: settings.stripe,
    stockChanges,
    mailed: () => {
      mailed = true;
    },
  };
  try {
    const outcome = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, outcome: 'received' })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return 'duplicate';
      const outcome = await applyEvent(tx, deps, event);
      await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
      log('info', 'stripe webhook', { event: event.id, type: event.type, outcome });
      return outcome;
    });
    for (const change of stockChanges) await orderStockChanged(db, change);
    if (mailed) effects.onMailQueued?.();
    return outcome;
  } catch (error) {
    if (error instanceof NotYetRecorded) {
      throw new AppError('CONFLICT', 'The order for this payment is not recorded yet.');
    }
    throw error;
  }
}
