import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderItems,
  orders,
  payments,
  type OrderItemRow,
  type OrderRow,
  type PaymentRow,
} from '../../db/schema';
import { centsToDollars } from '../../lib/money';
import type { Address, PersonDetails } from '../address/model';
import type { ChargeResult, PaymentProvider } from '../payments/gateway';
import type { OrderDto } from './model';
import type { PricedOrder } from './pricing';

export interface NewOrder {
  userId: string | null;
  isGuest: boolean;
  contact: PersonDetails;
  shippingAddress: Address;
  billingAddress: Address;
  acceptedReturnPolicy: boolean;
  priced: PricedOrder;
  payment: {
    provider: PaymentProvider;
    idempotencyKey: string;
    charge: ChargeResult;
  };
}

export function toOrderDto(
  order: OrderRow,
  items: OrderItemRow[],
  payment: Pick<PaymentRow, 'brand' | 'last4'> | null,
): OrderDto {
  return {
    _id: order.id,
    orderNumber: order.number,
    shippingStatus: order.shippingStatus,
    paymentStatus: order.paymentStatus,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    items: items.map((item) => ({
      _id: item.productId,
      title: item.title,
      variantTitle: item.variantTitle,
      sku: item.sku,
      image: item.image,
      alttext: item.alttext,
      quantity: item.quantity,
      price: centsToDollars(item.unitPriceCents),
    })),
    subtotal: centsToDollars(order.subtotalCents),
    salesTax: order.taxRate,
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    isGuest: order.isGuest,
    guestContact: { firstname: order.firstname, lastname: order.lastname, email: order.email },
    payment: payment ? { brand: payment.brand, last4: payment.last4 } : null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Writes the order, its lines and its payment; call inside the transaction that places it. */
export async function insertOrder(db: Db, order: NewOrder): Promise<OrderDto> {
  const { priced, payment } = order;
  const [row] = await db
    .insert(orders)
    .values({
      userId: order.userId,
      isGuest: order.isGuest,
      email: order.contact.email,
      firstname: order.contact.firstname,
      lastname: order.contact.lastname,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      acceptedReturnPolicy: order.acceptedReturnPolicy,
      subtotalCents: priced.subtotalCents,
      taxRate: priced.taxRate,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      paymentStatus: payment.charge.status,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      priced.lines.map((line, position) => ({
        orderId: row!.id,
        position,
        productId: line.productId,
        sku: line.sku,
        title: line.title,
        variantTitle: line.variantTitle,
        image: line.image,
        alttext: line.alttext,
        category: line.category,
        supplier: line.supplier,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        stockSkus: line.stockSkus,
      })),
    )
    .returning();
  const { card } = payment.charge;
  const [paymentRow] = await db
    .insert(payments)
    .values({
      orderId: row!.id,
      provider: payment.provider,
      reference: payment.charge.reference,
      idempotencyKey: payment.idempotencyKey,
      amountCents: priced.totalCents,
      status: payment.charge.status,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .returning();
  return toOrderDto(row!, items, paymentRow!);
}

/** One order with its lines and payment, or undefined. */
export async function findOrder(db: Db, id: string): Promise<OrderDto | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return undefined;
  const [items, [payment]] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.position)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
  ]);
  return toOrderDto(row, items, payment ?? null);
}
