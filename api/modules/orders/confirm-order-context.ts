import type { Db } from '../../db/client';
import type { ShopDetails } from '../mail';
import type { ChargeResult, PaymentGateway, SavedMethod } from '../payments';
import type { TaxCalculator } from '../tax';
import type { Redemption } from '../gift-cards';
import type { OrderConfirmation, OrderConfirmed } from '../../../core/orders/model';
import type { AfterOrderStep } from './faults';
import type { PricedOrder } from './pricing';

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
