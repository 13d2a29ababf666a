import { AppError } from '../../lib/errors';
import { defineFlow } from '../../lib/flow';
import { log } from '../../lib/log';
import { keepCard } from '../user';
import { PAYMENT_MESSAGES } from '../../../core/payments/model';
import { claimKey, releaseKey, requestHash } from './idempotency';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { ORDER_MESSAGES, type OrderConfirmed } from '../../../core/orders/model';
import { assertFiguresMatch, priceLines } from './pricing';
import { findOrder } from './repository';
import { settlePaid, settleUnpaid } from './settle';
import { GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';
import type { ConfirmOrderContext } from './confirm-order-context';
import { answerOfEarlierOrder } from './confirm-order-earlier';
import { chooseCard, writePendingOrder } from './confirm-order-write';

export type { ConfirmOrderContext, OrderDependencies } from './confirm-order-context';

const SCOPE = 'orders.confirm';

/** Failures after which the gateway certainly took nothing: the shopper must change something. */
function certainlyNotCharged(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.type === 'PAYMENT_REQUIRED' || error.type === 'INVALID_DATA')
  );
}

/**
 * POST /orders/orderconfirmation as a flow. The order is written as `pending_payment` in the
 * transaction that takes its stock, before the charge; a charge that took the money makes it paid
 * with its emails in one transaction; a refused charge puts the stock back and ends it
 * `payment_failed` in one transaction. A charge whose outcome is unknown (a crash, a timeout)
 * leaves the order pending for the recovery job (recovery.ts), which asks the gateway.
 */
// Stryker disable next-line StringLiteral: equivalent; the flow's name is only logged, with an undo that failed
export const confirmOrderFlow = defineFlow<ConfirmOrderContext>('confirm order', [
  {
    name: 'claim the idempotency key, or answer with the order it already made',
    async run(context) {
      context.requestHash = requestHash({ order: context.order, userId: context.userId });
      const claim = await claimKey(
        context.deps.db,
        context.idempotencyKey,
        SCOPE,
        context.requestHash,
      );
      if (claim.kind === 'replay') {
        context.response = { status: claim.status, body: claim.body as OrderConfirmed };
        return 'done';
      }
      context.claimId = claim.claimId;
      const earlier = await answerOfEarlierOrder(context);
      if (earlier) {
        context.response = earlier;
        return 'done';
      }
      context.deps.afterStep?.('claimed');
    },
    async undo(context) {
      // releaseKey lets go only of a key bound to no order: once the order is written, its
      // settlement lets the key go (or keeps it for recovery). Only a step that ran is undone, and
      // this one sets claimId unless it ended the flow (a replay).
      await releaseKey(context.deps.db, context.idempotencyKey, context.claimId!);
    },
  },
  {
    name: 'recompute prices, subtotal, tax and total, and refuse figures that differ',
    async run(context) {
      const { db, tax } = context.deps;
      const { items, shippingAddress, billingAddress, discountCode } = context.order;
      // A discount code is checked here, before anything is written or charged (issue 42).
      // A guest gives a contact (the schema) and a signed-in shopper's is the account's (service.ts).
      const customer = { userId: context.userId, email: context.order.guestContact!.email };
      context.priced = await priceLines(
        db,
        tax,
        items,
        { shippingAddress, billingAddress },
        { code: discountCode, customer },
      );
      assertFiguresMatch(context.priced, context.order);
      if (context.order.giftCardCode && context.priced.lines.some((line) => line.giftCard)) {
        throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.notForGiftCards);
      }
    },
  },
  {
    name: 'choose the card: a stored card of the shopper’s own, or the new one (set up to keep)',
    run: chooseCard,
  },
  {
    name: 'write the order as pending_payment and take its stock, in one transaction',
    run: writePendingOrder,
  },
  {
    name: 'charge the total through the payment gateway with the order’s idempotency key',
    async run(context) {
      const { deps, priced } = context;
      const cardPays = priced!.totalCents - (context.giftCard?.amountCents ?? 0);
      // The gift card paid it all: nothing to charge, and no charge is settled (issue 35).
      if (cardPays === 0) return;
      if (!context.pay) {
        // The gift card's balance did not cover it and no card was given: nothing is kept.
        await settleUnpaid(deps.db, context.orderId!, ORDER_STATE.paymentFailed);
        throw new AppError('INVALID_DATA', ORDER_MESSAGES.cardRequired);
      }
      try {
        context.charge = await deps.gateway.charge({
          amountCents: cardPays,
          currency: 'usd',
          ...context.pay!,
          idempotencyKey: context.chargeKey!,
          description: `${deps.shop.siteName} order`,
          metadata: {
            idempotencyKey: context.idempotencyKey,
            chargeKey: context.chargeKey!,
            orderId: context.orderId!,
          },
        });
      } catch (error) {
        if (certainlyNotCharged(error)) {
          await settleUnpaid(deps.db, context.orderId!, ORDER_STATE.paymentFailed);
        } else {
          log('error', 'order charge outcome unknown; left for the recovery job', {
            orderId: context.orderId,
            error: String(error),
          });
        }
        throw error;
      }
      deps.afterStep?.('charged');
    },
  },
  {
    name: 'mark the order paid with its payment and its two emails, and keep the answer',
    async run(context) {
      const { deps } = context;
      let body = await settlePaid(deps, context.orderId!, context.charge);
      if (!body) {
        // Settled meanwhile by the recovery job: paid (answer with it) or abandoned (below).
        const settled = await findOrder(deps.db, context.orderId!);
        if (settled)
          body = { message: ORDER_MESSAGES.confirmed, orderId: settled._id, order: settled };
      }
      if (!body) {
        // The recovery job settled the order while this request was stuck: a charge it did not
        // see is given back (it found the order abandoned).
        if (context.charge)
          await deps.gateway
            .refund(context.charge!.reference, `${context.chargeKey}-late-refund`)
            .catch((error: unknown) =>
              log('error', 'late charge could not be refunded', {
                orderId: context.orderId,
                error: String(error),
              }),
            );
        throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.processing);
      }
      deps.afterStep?.('paid');
      context.response = { status: 201, body };
    },
  },
  {
    name: 'list the card the shopper asked to save, now that it has paid',
    async run(context) {
      const { deps, savedMethod, userId } = context;
      // Only a signed-in shopper's card is set up to keep (chooseCard): a saved card has its user.
      if (!savedMethod) return;
      // The order stands whatever happens here: at worst the card is not listed.
      await keepCard(deps.db, deps.gateway.provider, userId!, savedMethod).catch((error: unknown) =>
        log('error', 'a saved card could not be listed', {
          orderId: context.orderId,
          error: String(error),
        }),
      );
    },
  },
]);
