import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { seedProductId } from '../../api/db/seed';
import {
  idempotencyKeys,
  orders,
  outbox,
  payments,
  products,
  productVariants,
  VISIBLE_ORDER_STATUSES,
} from '../../api/db/schema';
import type { Db } from '../../api/db/client';
import type { ApiHarness } from './api';

export const SEATTLE = {
  line1: '400 Pine St',
  line2: 'Suite 200',
  city: 'Seattle',
  state: 'WA',
  zipcode: '98101',
};
export const PORTLAND = {
  line1: '1120 SW 5th Ave',
  line2: '',
  city: 'Portland',
  state: 'OR',
  zipcode: '97204-1912',
};
export const GUEST = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' };

export interface Line {
  _id: string;
  title: string;
  sku: string;
  quantity: number;
  price: number;
  supplier?: string;
  variantTitle?: string;
}

/** A green Cedar Ridge mug (a colour variant, $24.00, 14 in stock). */
export const mugLine = (quantity = 1): Line => ({
  _id: seedProductId('cedar-ridge-mug'),
  title: 'Cedar Ridge Stoneware Mug',
  variantTitle: 'Forest Green',
  sku: 'EG-MUG-CEDAR-GRN',
  quantity,
  price: 24,
  supplier: 'warehouse',
});

/** The Campfire Enamel Mug (no variants, $19.00, 40 in stock). */
export const enamelLine = (quantity = 1): Line => ({
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  quantity,
  price: 19,
  supplier: 'warehouse',
});

/** A digital photo download ($15.00, unlimited). */
export const photoLine = (): Line => ({
  _id: seedProductId('rainier-sunrise-photo'),
  title: 'Mount Rainier at Sunrise — Photo Download',
  sku: 'EG-DIGITAL-RAINIER',
  quantity: 1,
  price: 15,
});

/** Asks the sandbox tokeniser for a token, as the billing page does. */
export async function sandboxToken(api: ApiHarness, number = '4242 4242 4242 4242') {
  const response = await api.post('/payments/sandbox/tokens', {
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: number.replace(/\D/g, '').length === 15 ? '1234' : '123',
  });
  if (response.status !== 200) throw new Error(`tokeniser answered ${response.status}`);
  return (await response.json()) as {
    token: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  };
}

/**
 * A guest order whose figures come from the server's quote, as the review page sends it. A
 * digital-only order has no shipping address (`address` null) and is taxed from `billing`.
 */
export async function guestOrder(
  api: ApiHarness,
  items: Line[],
  paymentMethodId: string,
  address: typeof SEATTLE | null = SEATTLE,
  contact = GUEST,
  billing = address ?? SEATTLE,
) {
  const quote = await api.post('/orders/quote', {
    items,
    shippingAddress: address,
    ...(address ? {} : { billingAddress: billing }),
  });
  if (quote.status !== 200)
    throw new Error(`quote answered ${quote.status}: ${await quote.text()}`);
  const figures = (await quote.json()) as { subtotal: number; salesTax: number; total: number };
  return {
    shippingAddress: address,
    billingAddress: billing,
    billingInfo: {
      paymentMethodId,
      last4Number: '4242',
      expirationMonth: '12',
      expirationYear: '2030',
      stored: false,
    },
    items,
    subtotal: figures.subtotal,
    salesTax: figures.salesTax,
    total: figures.total,
    acceptedReturnPolicy: true,
    isGuest: true,
    guestContact: contact,
  };
}

/** Confirms an order with an Idempotency-Key (a fresh one unless given), as the browser does. */
export function confirm(api: ApiHarness, order: unknown, key: string = randomUUID()) {
  return api.post('/orders/orderconfirmation', order, {
    headers: { 'idempotency-key': key },
  });
}

/**
 * What an order writes, counted, to prove a refused order wrote nothing a customer sees: orders
 * counts the placed (paid) ones; a declined charge leaves a `payment_failed` row, not counted.
 */
export async function footprint(db: Db) {
  const [[o], [m], [p], [k]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.shippingStatus, VISIBLE_ORDER_STATUSES)),
    db.select({ n: count() }).from(outbox),
    db.select({ n: count() }).from(payments),
    db.select({ n: count() }).from(idempotencyKeys),
  ]);
  return { orders: o!.n, mail: m!.n, payments: p!.n, keys: k!.n };
}

export async function productStock(db: Db, slug: string) {
  const [row] = await db
    .select({ quantity: products.quantity })
    .from(products)
    .where(eq(products.id, seedProductId(slug)));
  return row?.quantity;
}

export async function variantStock(db: Db, sku: string) {
  const [row] = await db
    .select({ quantity: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  return row?.quantity;
}
