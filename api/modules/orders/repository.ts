import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  payments,
  type OrderItemRow,
  type OrderRow,
  type PaymentRow,
  type ShippingStatus,
  VISIBLE_ORDER_STATUSES,
} from '../../db/schema';
import { centsToDollars } from '../../../core/money';
import type { Address, PersonDetails, RecipientName } from '../../../core/address/model';
import type { Gift } from '../../../core/orders/gift';
import type { ChargeResult, PaymentProvider } from '../payments';
import { discountColumns, giftOf } from './order-view';
import type { OrderDto } from '../../../core/orders/model';
import type { PricedOrder } from './pricing';
import type { PaymentView } from '../../../core/orders/payments';
import type { Redemption } from '../gift-cards';
import { paymentsOf } from './order-money';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { promisedWindowOf } from '../../../core/arrival';
import { discountOf, lineDiscountOf } from './discount-view';

export { giftOf } from './order-view';

export interface NewPendingOrder {
  userId: string | null;
  isGuest: boolean;
  contact: PersonDetails;
  /** null: digital items only. A name left out is the buyer's (issue 26). */
  shippingAddress: (Address & Partial<RecipientName>) | null;
  billingAddress: Address;
  acceptedReturnPolicy: boolean;
  /** A gift (issue 26), or null. */
  gift?: Gift | null;
  priced: PricedOrder;
  /** The idempotency key of the request that places it. */
  requestKey: string;
}

/** An order line as the order's answers show it (the confirmation and the customer's history). */
export const orderLineOf = (item: OrderItemRow) => ({
  _id: item.productId,
  title: item.title,
  variantTitle: item.variantTitle,
  sku: item.sku,
  image: item.image,
  alttext: item.alttext,
  quantity: item.quantity,
  price: centsToDollars(item.unitPriceCents),
  ...(item.giftCard
    ? {
        giftCard: {
          recipientName: item.giftCard.recipientName,
          deliverOn: item.giftCard.deliverOn,
        },
      }
    : {}),
  ...(item.personalization?.length ? { personalization: item.personalization } : {}),
  ...lineDiscountOf(item),
});

/** The shipping address with its recipient's name: the buyer's where none was given. */
export function namedShippingAddress(
  address: (Address & Partial<RecipientName>) | null,
  buyer: RecipientName,
): (Address & RecipientName) | null {
  if (!address) return null;
  return {
    ...address,
    firstname: address.firstname || buyer.firstname,
    lastname: address.lastname || buyer.lastname,
  };
}

/** An order's answer; `paid`: its payments (`paymentsOf`), the gift card's first. */
export function toOrderDto(order: OrderRow, items: OrderItemRow[], paid: PaymentView[]): OrderDto {
  // The card charge, if a card paid: an order a gift card paid in full names no card.
  const card = paid.find((view) => view.method !== 'gift_card');
  return {
    _id: order.id,
    orderNumber: order.number,
    shippingStatus: order.shippingStatus as ShippingStatus,
    paymentStatus: order.paymentStatus,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    gift: giftOf(order),
    items: items.map(orderLineOf),
    subtotal: centsToDollars(order.subtotalCents),
    discount: discountOf(order),
    salesTax: order.taxRate,
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    isGuest: order.isGuest,
    guestContact: { firstname: order.firstname, lastname: order.lastname, email: order.email },
    payment: card ? { brand: card.brand, last4: card.last4 } : null,
    payments: paid.map(({ id, method, status, amountCents, refundedCents, last4, brand }) => ({
      id,
      method,
      status,
      amountCents,
      refundedCents,
      last4,
      brand,
    })),
    giftCardPaid: centsToDollars(order.giftCardCents),
    createdAt: order.createdAt.toISOString(),
    promised: promisedWindowOf(order),
  };
}

/**
 * Writes an order as `pending_payment` with its lines, before its charge; call inside the
 * transaction that takes its stock. Its charge key is derived from its id.
 */
export async function insertPendingOrder(
  db: Db,
  order: NewPendingOrder,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const { priced } = order;
  const id = randomUUID();
  const [row] = await db
    .insert(orders)
    .values({
      id,
      userId: order.userId,
      isGuest: order.isGuest,
      email: order.contact.email,
      firstname: order.contact.firstname,
      lastname: order.contact.lastname,
      shippingAddress: namedShippingAddress(order.shippingAddress, order.contact),
      billingAddress: order.billingAddress,
      acceptedReturnPolicy: order.acceptedReturnPolicy,
      giftMessage: order.gift ? order.gift.message : null,
      giftHidePrices: order.gift?.hidePrices ?? false,
      giftRecipientEmail: order.gift?.recipientEmail ?? null,
      subtotalCents: priced.subtotalCents,
      ...discountColumns(priced.discount),
      taxRate: priced.taxRate,
      taxCents: priced.taxCents,
      taxLocationCode: priced.taxLocation?.code ?? null,
      taxPeriodStart: priced.taxLocation?.periodStart ?? null,
      taxPeriodEnd: priced.taxLocation?.periodEnd ?? null,
      totalCents: priced.totalCents,
      shippingStatus: ORDER_STATE.pendingPayment,
      paymentStatus: 'pending',
      chargeKey: chargeKeyFor(id),
      requestKey: order.requestKey,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      priced.lines.map((line, position) => ({
        orderId: id,
        position,
        productId: line.productId,
        sku: line.sku,
        title: line.title,
        variantTitle: line.variantTitle,
        image: line.image,
        alttext: line.alttext,
        category: line.category,
        kind: line.kind,
        taxClass: line.taxClass,
        taxCents: line.taxCents,
        discountCents: line.discountCents,
        supplier: line.supplier,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        stockSkus: line.stockSkus,
        giftCard: line.giftCard ?? null,
        personalization: line.personalization ?? null,
        personalizationCents: line.personalizationCents ?? 0,
      })),
    )
    .returning();
  return { order: row!, items };
}

/** The gateway idempotency key of an order's charge: one per order, so it is charged once. */
export function chargeKeyFor(orderId: string): string {
  return `order-${orderId}`;
}

/** An order's lines in their order. */
export async function orderItemsOf(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/**
 * The card charge's payment row of a paid order, written with the transaction that marks it paid:
 * what the card paid, the total less the gift card's payment. None when the gift card paid it all
 * (`charge` undefined): nothing went through the gateway.
 */
export async function insertPayment(
  db: Db,
  order: OrderRow,
  provider: PaymentProvider,
  charge: ChargeResult | undefined,
): Promise<PaymentRow | undefined> {
  if (!charge) return undefined;
  const { card } = charge;
  const [row] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      method: provider,
      reference: charge.reference,
      idempotencyKey: order.chargeKey ?? chargeKeyFor(order.id),
      amountCents: order.totalCents - order.giftCardCents,
      status: charge.status,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .returning();
  return row!;
}

/**
 * A gift card's redemption as the order's payment (issue 35), written in the transaction that
 * spends it: the money moved then, whatever the card charge does after.
 */
export async function insertGiftCardPayment(
  db: Db,
  orderId: string,
  spent: Redemption,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({
      orderId,
      method: 'gift_card',
      giftCardId: spent.giftCardId,
      reference: `giftcard-${orderId}`,
      idempotencyKey: `order-${orderId}-gift-card`,
      amountCents: spent.amountCents,
      status: 'paid',
      last4: spent.last4,
    })
    .returning();
  return row!;
}

/**
 * An order that was never paid gave its gift card's part back (settleUnpaid): that payment did not
 * stand, so it is `failed` and no longer counts as paid (issue 35).
 */
export async function giftCardPaymentFailed(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'gift_card')));
}

/**
 * The payments an order's emails show as it is settled: those already written (its gift card's)
 * and the card charge about to be written, if a card paid.
 */
export async function paymentsWithCharge(
  db: Db,
  order: OrderRow,
  provider: PaymentProvider,
  charge: ChargeResult | undefined,
): Promise<Pick<PaymentView, 'method' | 'brand' | 'last4' | 'amountCents'>[]> {
  const written = await paymentsOf(db, order.id);
  if (!charge) return written;
  const { brand, last4 } = charge.card;
  const amountCents = order.totalCents - order.giftCardCents;
  return [...written, { method: provider, brand, last4, amountCents }];
}

/** One order a customer may see, with its lines and payment, or undefined. */
export async function findOrder(db: Db, id: string): Promise<OrderDto | undefined> {
  // Orders before payment (pending, failed, abandoned) never show to a customer.
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), inArray(orders.shippingStatus, VISIBLE_ORDER_STATUSES)));
  if (!row) return undefined;
  const [items, paid] = await Promise.all([orderItemsOf(db, id), paymentsOf(db, id)]);
  return toOrderDto(row, items, paid);
}
