import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { orders, payments, stripeEvents, type PaymentStatus } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { PAYMENT_MESSAGES } from './model';

export interface StripeWebhookSettings {
  stripe: Stripe;
  secret: string;
}

export type WebhookOutcome = 'applied' | 'unknown payment' | 'ignored type' | 'duplicate';

/** An event for a payment this shop made whose order is not written yet: Stripe should retry. */
class NotYetRecorded extends Error {}

function paymentIntentId(event: Stripe.Event): { id: string; ours: boolean } | undefined {
  const object = event.data.object as {
    object?: string;
    id?: string;
    payment_intent?: string | { id: string } | null;
    metadata?: Record<string, string> | null;
  };
  const ours = object.metadata?.shop === 'evergreen';
  if (object.object === 'payment_intent' && object.id) return { id: object.id, ours };
  const intent = object.payment_intent;
  if (typeof intent === 'string') return { id: intent, ours };
  if (intent && typeof intent === 'object') return { id: intent.id, ours };
  return undefined;
}

const STATUS_BY_EVENT: Record<string, PaymentStatus> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'charge.refunded': 'refunded',
};

async function applyEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const status = STATUS_BY_EVENT[event.type];
  if (!status) return 'ignored type';
  const intent = paymentIntentId(event);
  if (!intent) return 'ignored type';

  const failure =
    event.type === 'payment_intent.payment_failed'
      ? ((event.data.object as Stripe.PaymentIntent).last_payment_error?.message ?? null)
      : null;
  const updated = await db
    .update(payments)
    .set({ status, failureMessage: failure, updatedAt: new Date() })
    .where(and(eq(payments.provider, 'stripe'), eq(payments.reference, intent.id)))
    .returning({ orderId: payments.orderId });
  if (updated.length === 0) {
    if (intent.ours) throw new NotYetRecorded();
    return 'unknown payment';
  }
  for (const { orderId } of updated) {
    await db
      .update(orders)
      .set({ paymentStatus: status, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
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
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = settings.stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.secret);
  } catch {
    throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidSignature);
  }

  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, outcome: 'received' })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return 'duplicate';
      const outcome = await applyEvent(tx, event);
      await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
      log('info', 'stripe webhook', { event: event.id, type: event.type, outcome });
      return outcome;
    });
  } catch (error) {
    if (error instanceof NotYetRecorded) {
      throw new AppError('CONFLICT', 'The order for this payment is not recorded yet.');
    }
    throw error;
  }
}
