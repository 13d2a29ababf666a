import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { defineFlow } from '../../lib/flow';
import { enqueueMail } from '../mail/outbox';
import type { ShopDetails } from '../mail/templates/layout';
import { newOrderEmail, orderConfirmationEmail } from '../mail/templates/order';
import type { ChargeResult, PaymentGateway } from '../payments/gateway';
import type { TaxCalculator } from '../tax/calculator';
import { claimKey, completeKey, releaseKey, requestHash } from './idempotency';
import { ORDER_MESSAGES, type OrderConfirmation, type OrderConfirmed } from './model';
import { assertFiguresMatch, priceLines, type PricedOrder } from './pricing';
import { insertOrder } from './repository';
import { releaseStock, reserveStock, type StockReservation } from './stock';

export interface OrderDependencies {
  db: Db;
  gateway: PaymentGateway;
  tax: TaxCalculator;
  shop: ShopDetails;
  /** Called after an order's emails are committed, to wake the outbox worker. */
  onMailQueued?: () => void;
}

export interface ConfirmOrderContext {
  deps: OrderDependencies;
  order: OrderConfirmation;
  idempotencyKey: string;
  userId: string | null;
  requestHash?: string;
  priced?: PricedOrder;
  reservation?: StockReservation;
  charge?: ChargeResult;
  /** The answer: set by the last step, or by the first when the key already has one. */
  response?: { status: number; body: OrderConfirmed };
}

const SCOPE = 'orders.confirm';

/** The gateway's key: one per request and key, so a changed request never meets an old charge. */
function chargeKey(context: ConfirmOrderContext): string {
  const digest = createHash('sha256')
    .update(`${context.idempotencyKey}:${context.requestHash}`)
    .digest('hex');
  return `order-${digest.slice(0, 40)}`;
}

/**
 * POST /orders/orderconfirmation as a flow. Each step says what it does; a failure undoes the
 * steps before it in reverse (the charge is refunded, the stock put back, the key let go).
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
    },
    async undo(context) {
      await releaseKey(context.deps.db, context.idempotencyKey);
    },
  },
  {
    name: 'recompute prices, subtotal, tax and total, and refuse figures that differ',
    async run(context) {
      const { db, tax } = context.deps;
      const { items, shippingAddress } = context.order;
      context.priced = await priceLines(db, tax, items, shippingAddress);
      assertFiguresMatch(context.priced, context.order);
    },
  },
  {
    name: 'lock and decrement the stock of every line in one transaction',
    async run(context) {
      context.reservation = await reserveStock(context.deps.db, context.priced!.lines);
    },
    async undo(context) {
      if (context.reservation) await releaseStock(context.deps.db, context.reservation);
    },
  },
  {
    name: 'charge the total through the payment gateway with an idempotency key',
    async run(context) {
      const { priced, order } = context;
      context.charge = await context.deps.gateway.charge({
        amountCents: priced!.totalCents,
        currency: 'usd',
        paymentMethodId: order.billingInfo.paymentMethodId,
        idempotencyKey: chargeKey(context),
        description: `${context.deps.shop.siteName} order`,
        metadata: { idempotencyKey: context.idempotencyKey },
      });
    },
    async undo(context) {
      if (!context.charge) return;
      await context.deps.gateway.refund(context.charge.reference, `${chargeKey(context)}-refund`);
    },
  },
  {
    name: 'store the order, its payment and its two emails, and keep the answer with the key',
    async run(context) {
      const { deps, order } = context;
      const contact = order.guestContact!;
      const body = await deps.db.transaction(async (tx) => {
        const placed = await insertOrder(tx, {
          userId: context.userId,
          isGuest: order.isGuest,
          contact,
          shippingAddress: order.shippingAddress,
          billingAddress: order.billingAddress,
          acceptedReturnPolicy: order.acceptedReturnPolicy,
          priced: context.priced!,
          payment: {
            provider: deps.gateway.provider,
            idempotencyKey: chargeKey(context),
            charge: context.charge!,
          },
        });
        const forShopper = orderConfirmationEmail(placed, deps.shop);
        await enqueueMail(tx, { kind: 'order.confirmed', to: contact.email, ...forShopper });
        const forShop = newOrderEmail(placed, deps.shop);
        await enqueueMail(tx, {
          kind: 'order.received',
          to: deps.shop.shopEmail,
          replyTo: contact.email,
          ...forShop,
        });
        const confirmed: OrderConfirmed = {
          message: ORDER_MESSAGES.confirmed,
          orderId: placed._id,
          order: placed,
        };
        await completeKey(tx, context.idempotencyKey, {
          status: 201,
          body: confirmed,
          orderId: placed._id,
        });
        return confirmed;
      });
      context.response = { status: 201, body };
      deps.onMailQueued?.();
    },
  },
]);
