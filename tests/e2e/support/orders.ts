import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seedProductId } from '../../../api/db/seed';
import { ownAddress } from './account';

/** A shipping (and billing) address in Seattle, WA. */
export const SEATTLE = {
  line1: '400 Pine St',
  line2: '',
  city: 'Seattle',
  state: 'WA',
  zipcode: '98101',
};

/** One Campfire Enamel Mug ($19, shipped) as the cart holds it. */
export const ENAMEL_MUG = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
};

/** An order line as the checkout pages send it. */
export interface OrderLine {
  _id: string;
  title: string;
  sku: string;
  price: number;
  quantity: number;
}

export interface GuestContact {
  firstname: string;
  lastname: string;
  email: string;
}

type Address = typeof SEATTLE;

/**
 * A guest order through the real API, as the checkout pages place it: a sandbox token for the
 * 4242 test card, the server's quote for the figures, then the confirmation. `base` is the
 * server's address when the request context has none of its own. A digital-only order passes
 * `{ shipping: null, billing }`: no parcel, taxed from the billing address.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  items: OrderLine[],
  guestContact: GuestContact,
  base = '',
  {
    shipping = SEATTLE,
    billing = shipping ?? SEATTLE,
    extra = {},
  }: {
    shipping?: Address | null;
    billing?: Address;
    /** More of the order's fields, e.g. a gift (issue 26). */
    extra?: Record<string, unknown>;
  } = {},
): Promise<{ id: string; number: number; downloads: { url: string }[] }> {
  const token = await request.post(`${base}/api/payments/sandbox/tokens`, {
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
  });
  expect(token.status()).toBe(200);
  const quote = await request.post(`${base}/api/orders/quote`, {
    data: { items, shippingAddress: shipping, ...(shipping ? {} : { billingAddress: billing }) },
  });
  expect(quote.status()).toBe(200);
  const figures = (await quote.json()) as { subtotal: number; salesTax: number; total: number };
  const confirmed = await request.post(`${base}/api/orders/orderconfirmation`, {
    headers: { 'idempotency-key': randomUUID(), ...ownAddress() },
    data: {
      shippingAddress: shipping,
      billingAddress: billing,
      billingInfo: {
        paymentMethodId: ((await token.json()) as { token: string }).token,
        last4Number: '4242',
        expirationMonth: '12',
        expirationYear: '2031',
        stored: false,
      },
      items,
      ...figures,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact,
      ...extra,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  const body = (await confirmed.json()) as {
    orderId: string;
    order: { orderNumber: number; downloads?: { url: string }[] };
  };
  return {
    id: body.orderId,
    number: body.order.orderNumber,
    downloads: body.order.downloads ?? [],
  };
}

/**
 * The cart a test starts from, in the shopper's storage before the first page's scripts run; set
 * once per tab, so what the page does to the cart afterwards stays.
 */
export async function seedCart(page: Page, lines: unknown[]): Promise<void> {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    localStorage.setItem('cart', cart);
    sessionStorage.setItem('e2e-cart-seeded', '1');
  }, JSON.stringify(lines));
}
