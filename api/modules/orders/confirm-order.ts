import type { Db } from '../../db/client';
import { AppError, StillInFlight } from '../../lib/errors';
import { defineFlow } from '../../lib/flow';
import { log } from '../../lib/log';
import type { ShopDetails } from '../mail';
import type { ChargeResult, PaymentGateway, SavedMethod } from '../payments';
import { keepCard, setUpCard, storedCardFor } from '../user';
import { CARD_MESSAGES } from '../../../core/user/cards-model';
import { PAYMENT_MESSAGES } from '../../../core/payments/model';
import type { TaxCalculator } from '../tax';
import type { AfterOrderStep } from './faults';
import {
  bindKey,
  claimKey,
  completeKey,
  earlierOrderOf,
  releaseKey,
  requestHash,
} from './idempotency';
import { chargeKeyFor } from './repository';
import { ORDER_STATE, paid } from '../../../core/orders/lifecycle';
import {
  ORDER_MESSAGES,
  type OrderConfirmation,
  type OrderConfirmed,
} from '../../../core/orders/model';
import { assertFiguresMatch, priceLines, type PricedOrder } from './pricing';
import { findOrder, insertGiftCardPayment, insertPendingOrder } from './repository';
import { settlePaid, settleUnpaid } from './settle';
import { orderStockChanged } from '../inventory';
import { reserveStock, stockChangeOf, type StockReservation } from './stock';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { hashTypedCode, redeem, type Redemption } from '../gift-cards';
import { GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';

export interface OrderDependencies {
  db: Db;
  gateway: PaymentGateway;
  tax: TaxCalculator;
  shop: ShopDetails;
  /** Called after an order's emails are committed, to wake the outbox worker. */
  onMailQueued?: () => void;
  /** A test harness's fault after each step (faults.ts); never set by the shipped server. */
  afterStep?: AfterOrderStep | undefined;
}

export interface ConfirmOrderContext {
  deps: OrderDependencies;
  order: OrderConfirmation;
  idempotencyKey: string;
  userId: string | null;
  requestHash?: string;
  claimId?: string;
  priced?: PricedOrder;
  /** The pending order, once written with its stock. */
  orderId?: string;
  chargeKey?: string;
  /** What the charge uses: the card just entered, or a stored card with its customer. */
  pay?: { paymentMethodId: string; customer?: string; offSession?: boolean };
  /** The card the shopper asked to save, set up at the provider; listed once the order is paid. */
  savedMethod?: SavedMethod;
  charge?: ChargeResult;
  /** What a gift card paid (issue 26): spent in the transaction that writes the order. */
  giftCard?: Redemption;
  /** The answer: set by the last step, or by the first when the key already has one. */
  response?: { status: number; body: OrderConfirmed };
}

const SCOPE = 'orders.confirm';

/**
 * A retry whose key an earlier request already placed an order with (the key was let go when the
 * recovery job closed that order unpaid) gets that order's answer, never a new order nor a refusal
 * of its own earlier charge (issue 36 point 12): paid → 201 with it; still pending → 409 with
 * Retry-After; closed after its card details were charged (a charge that came too late, given
 * back) → 409 saying so. Closed and never charged: undefined, a new order is placed.
 */
async function answerOfEarlierOrder(
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
  const charge = await gateway.lookup(earlier.chargeKey ?? chargeKeyFor(earlier.id));
  if (charge.kind !== 'charged') return undefined;
  await letGo();
  throw new AppError('CONFLICT', ORDER_MESSAGES.earlierChargeGivenBack);
}

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
      // Once the order is written, its settlement lets the key go (or keeps it for recovery).
      if (context.claimId && !context.orderId) {
        await releaseKey(context.deps.db, context.idempotencyKey, context.claimId);
      }
    },
  },
  {
    name: 'recompute prices, subtotal, tax and total, and refuse figures that differ',
    async run(context) {
      const { db, tax } = context.deps;
      const { items, shippingAddress, billingAddress } = context.order;
      context.priced = await priceLines(db, tax, items, { shippingAddress, billingAddress });
      assertFiguresMatch(context.priced, context.order);
      if (context.order.giftCardCode && context.priced.lines.some((line) => line.giftCard)) {
        throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.notForGiftCards);
      }
    },
  },
  {
    name: 'choose the card: a stored card of the shopper’s own, or the new one (set up to keep)',
    async run(context) {
      const { deps, order, userId } = context;
      const { billingInfo } = order;
      // No card: a gift card must pay it all (checked at the charge, issue 26).
      if (billingInfo.paymentMethodId === '') return;
      if (billingInfo.stored) {
        // Only the signed-in owner's card, still stored: anything else is as if it did not exist.
        if (!userId) throw new AppError('NOT_FOUND', CARD_MESSAGES.notFound);
        const card = await storedCardFor(
          deps.db,
          deps.gateway,
          userId,
          billingInfo.paymentMethodId,
        );
        context.pay = {
          paymentMethodId: card.reference,
          customer: card.customer,
          offSession: true,
        };
        return;
      }
      if (billingInfo.saveCard && userId && deps.gateway.wallet) {
        const owner = { id: userId, email: order.guestContact!.email };
        const { customer, method } = await setUpCard(
          deps.db,
          deps.gateway,
          owner,
          billingInfo.paymentMethodId,
          `${context.idempotencyKey}-setup`,
        );
        context.savedMethod = method;
        context.pay = { paymentMethodId: method.reference, customer };
        return;
      }
      context.pay = { paymentMethodId: billingInfo.paymentMethodId };
    },
  },
  {
    name: 'write the order as pending_payment and take its stock, in one transaction',
    async run(context) {
      const { deps, order } = context;
      let taken: StockReservation | undefined;
      const written = await deps.db.transaction(async (tx) => {
        taken = await reserveStock(tx, context.priced!.lines);
        const placed = await insertPendingOrder(tx, {
          userId: context.userId,
          isGuest: order.isGuest,
          contact: order.guestContact!,
          shippingAddress: order.shippingAddress,
          billingAddress: order.billingAddress,
          acceptedReturnPolicy: order.acceptedReturnPolicy,
          gift: order.gift,
          priced: context.priced!,
          requestKey: context.idempotencyKey,
        });
        await bindKey(tx, context.idempotencyKey, context.claimId!, placed.order.id);
        if (order.giftCardCode) {
          // The card's row is locked until this commits: a second order waits, then sees this.
          const codeHash = hashTypedCode(order.giftCardCode);
          if (!codeHash) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.codeRefused);
          const spent = await redeem(tx, codeHash, placed.order.id, context.priced!.totalCents);
          await tx
            .update(orders)
            .set({ giftCardCents: spent.amountCents })
            .where(eq(orders.id, placed.order.id));
          // The redemption is a payment of the order's own (issue 35), the card's charge another.
          await insertGiftCardPayment(tx, placed.order.id, spent);
          context.giftCard = spent;
        }
        return placed.order;
      });
      // Product pages and search show stock: the catalogue model reads these products back.
      if (taken) await orderStockChanged(deps.db, stockChangeOf(taken));
      context.orderId = written.id;
      context.chargeKey = written.chargeKey!;
      deps.afterStep?.('order-written');
    },
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
      if (!savedMethod || !userId) return;
      // The order stands whatever happens here: at worst the card is not listed.
      await keepCard(deps.db, deps.gateway.provider, userId, savedMethod).catch((error: unknown) =>
        log('error', 'a saved card could not be listed', {
          orderId: context.orderId,
          error: String(error),
        }),
      );
    },
  },
]);
