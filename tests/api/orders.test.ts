import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { seedProductId } from '../../api/db/seed';
import { idempotencyKeys, orderItems, orders, outbox, payments } from '../../api/db/schema';
import { ADDRESS_MESSAGES } from '../../core/address/model';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { SAME_SITE_MESSAGES } from '../../api/plugins/same-site-json';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  enamelLine,
  footprint,
  GUEST,
  guestOrder as baseGuestOrder,
  mugLine,
  photoLine,
  PORTLAND,
  productStock,
  sandboxToken,
  SEATTLE,
  variantStock,
} from '../helpers/orders';

/**
 * Each order of these tests from its own guest email, so the per-email limit on confirmations
 * (tested in orders-limits.test.ts) does not add up across unrelated tests.
 */
let guests = 0;
const guestOrder: typeof baseGuestOrder = (api, items, paymentMethodId, address = SEATTLE) =>
  baseGuestOrder(api, items, paymentMethodId, address, {
    ...GUEST,
    email: `ada+${(guests += 1)}@example.com`,
  });

/** The sandbox gateway, counting the charges that reach it. */
const charges: string[] = [];
function countingSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'orders-test-secret-orders-test-secret');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => {
      charges.push(request.idempotencyKey);
      return sandbox.gateway.charge(request);
    },
    refund: (reference, key) => sandbox.gateway.refund(reference, key),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('POST /api/orders/orderconfirmation', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => countingSandbox(api) });
  /** A fresh token per order: a sandbox token pays for one order only. */
  const visa = async () => (await sandboxToken(api)).token;

  it('quotes the review page from the server: prices, subtotal, Seattle tax and total', async () => {
    const response = await api.post('/orders/quote', {
      items: [mugLine(2), enamelLine(1)],
      shippingAddress: SEATTLE,
    });
    expect(response.status).toBe(200);
    const quote = await response.json();
    expect(quote).toMatchObject({
      subtotal: 67,
      salesTax: 0.1035,
      tax: 6.93, // round(6700 × 0.1035) = 693 cents
      total: 73.93,
      taxLabel: 'Washington sales tax',
    });
    expect(quote.items[0]).toMatchObject({
      title: 'Cedar Ridge Stoneware Mug',
      variantTitle: 'Forest Green',
      price: 24,
      available: 14,
    });
  });

  it('places a guest order: stock, order snapshot, payment and two queued emails', async () => {
    const before = await variantStock(api.test.database.db, 'EG-MUG-CEDAR-GRN');
    const order = await guestOrder(api, [mugLine(2), enamelLine(1)], await visa());
    const response = await confirm(api, order, 'first-order-key-0001');
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ message: 'Order confirmed', orderId: expect.any(String) });
    expect(body.order).toMatchObject({
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
      subtotal: 67,
      tax: 6.93,
      total: 73.93,
      shippingAddress: SEATTLE,
      guestContact: order.guestContact,
      payment: { brand: 'visa', last4: '4242' },
    });

    const { db } = api.test.database;
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(before! - 2);
    const [row] = await db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(row).toMatchObject({
      isGuest: true,
      email: order.guestContact.email,
      acceptedReturnPolicy: true,
      subtotalCents: 6700,
      taxCents: 693,
      totalCents: 7393,
      shippingStatus: 'unfulfilled',
    });
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, body.orderId))
      .orderBy(asc(orderItems.position));
    expect(items[0]).toMatchObject({
      title: 'Cedar Ridge Stoneware Mug',
      variantTitle: 'Forest Green',
      sku: 'EG-MUG-CEDAR-GRN',
      image: '/images/products/cedar-ridge-mug-forest-green.webp',
      alttext: expect.stringContaining('mug'),
      quantity: 2,
      unitPriceCents: 2400,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, body.orderId));
    expect(payment).toMatchObject({ method: 'sandbox', status: 'paid', amountCents: 7393 });

    const mail = await db.select().from(outbox).orderBy(asc(outbox.kind));
    expect(mail.map((m) => [m.kind, m.to])).toEqual([
      ['order.confirmed', order.guestContact.email],
      ['order.received', 'support@evergreen.example'],
    ]);
    expect(mail[0]!.text).toContain(`Order number: ${row!.number}`);
    expect(mail[0]!.html).toContain('Cedar Ridge Stoneware Mug (Forest Green)');
    // How to find the order again without this email (issue 39).
    expect(mail[0]!.text).toMatch(/Find your order.*\/orderstatus/s);
  });

  it('answers a retried key with the same order and never charges twice', async () => {
    const { db } = api.test.database;
    const order = await guestOrder(api, [enamelLine(1)], await visa());
    const stock = await productStock(db, 'campfire-enamel-mug');
    const chargesBefore = charges.length;
    const before = await footprint(db);

    const first = await confirm(api, order, 'retried-key-000001');
    const second = await confirm(api, order, 'retried-key-000001');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const [a, b] = [await first.json(), await second.json()];
    expect(b.orderId).toBe(a.orderId);
    expect(charges.length - chargesBefore).toBe(1);
    expect(await footprint(db)).toEqual({
      orders: before.orders + 1,
      payments: before.payments + 1,
      mail: before.mail + 2,
      keys: before.keys + 1,
    });
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock! - 1);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so it proves nothing about a race.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'answers a double click (the same key at once) with one order and one charge',
    async () => {
      const { db } = api.test.database;
      const order = await guestOrder(api, [enamelLine(1)], await visa());
      const before = await footprint(db);
      const chargesBefore = charges.length;
      const answers = await Promise.all([
        confirm(api, order, 'double-click-key-01'),
        confirm(api, order, 'double-click-key-01'),
      ]);
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(answers.map((r) => r.status)).toEqual([201, 201]);
      expect(bodies[0].orderId).toBe(bodies[1].orderId);
      expect((await footprint(db)).orders).toBe(before.orders + 1);
      expect(charges.length - chargesBefore).toBe(1);
    },
  );

  it('refuses a key reused for a different order', async () => {
    const order = await guestOrder(api, [enamelLine(1)], await visa());
    expect((await confirm(api, order, 'reused-key-0000001')).status).toBe(201);
    const other = await guestOrder(api, [enamelLine(2)], await visa());
    const response = await confirm(api, other, 'reused-key-0000001');
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe(
      'This confirmation was already used for a different order. Please reload the page and try again.',
    );
  });

  it('answers a declined card with 402 and a sentence, leaving stock and orders unchanged', async () => {
    const { db } = api.test.database;
    const declined = (await sandboxToken(api, '4000 0000 0000 0002')).token;
    const order = await guestOrder(api, [mugLine(1)], declined);
    const before = await footprint(db);
    const stock = await variantStock(db, 'EG-MUG-CEDAR-GRN');

    const response = await confirm(api, order, 'declined-key-000001');
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: PAYMENT_MESSAGES.declined });
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock);
    expect(await footprint(db)).toEqual(before);

    const poor = (await sandboxToken(api, '4000000000009995')).token;
    const again = await confirm(api, { ...order, billingInfo: { paymentMethodId: poor } });
    expect(again.status).toBe(402);
    expect((await again.json()).error).toBe(PAYMENT_MESSAGES.insufficientFunds);
    expect(await footprint(db)).toEqual(before);
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock);
    // Each refused order is kept as payment_failed (stock back), never shown to a customer.
    const failed = await db
      .select()
      .from(orders)
      .where(eq(orders.shippingStatus, 'payment_failed'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed.every((row) => row.paymentStatus === 'failed')).toBe(true);
  });

  it('requires an Idempotency-Key header', async () => {
    const { db } = api.test.database;
    const order = await guestOrder(api, [enamelLine(1)], await visa());
    const before = await footprint(db);
    const response = await api.post('/orders/orderconfirmation', order);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Idempotency-Key/);
    expect(await footprint(db)).toEqual(before);
  });

  it('lets a sandbox token pay for one order only', async () => {
    const { db } = api.test.database;
    const token = await visa();
    expect((await confirm(api, await guestOrder(api, [enamelLine(1)], token))).status).toBe(201);
    const stock = await productStock(db, 'campfire-enamel-mug');
    const before = await footprint(db);
    const second = await confirm(api, await guestOrder(api, [enamelLine(1)], token));
    expect(second.status).toBe(402);
    expect((await second.json()).error).toBe(PAYMENT_MESSAGES.tokenUsed);
    expect(await footprint(db)).toEqual(before);
    expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
  });

  it('refuses a forged or altered payment token', async () => {
    const order = await guestOrder(api, [enamelLine(1)], `${(await visa()).slice(0, -3)}abc`);
    const response = await confirm(api, order);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(PAYMENT_MESSAGES.invalidPaymentMethod);
  });

  it('refuses the order when a line asks for more than is in stock', async () => {
    const { db } = api.test.database;
    // Only 2 Slate straps exist for the yoga bundle; one order for 3 bundles is short.
    const bundle = {
      _id: seedProductId('yoga-starter-bundle'),
      title: 'Yoga Starter Bundle',
      sku: 'EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-STRAP-SLT',
      quantity: 3,
      price: 98,
    };
    const order = await guestOrder(api, [bundle], await visa());
    const before = await footprint(db);
    const response = await confirm(api, order);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe('Quantity of product is out');
    expect(await footprint(db)).toEqual(before);
    expect(await variantStock(db, 'EG-BUNDLE-YOGA-MAT-FIR')).toBe(6);
  });

  it('sells a bundle: one option of each list, each option and the bundle lose stock', async () => {
    const { db } = api.test.database;
    const bundle = {
      _id: seedProductId('yoga-starter-bundle'),
      title: 'Yoga Starter Bundle',
      sku: 'EG-BUNDLE-YOGA-MAT-GLC+EG-BUNDLE-YOGA-STRAP-MOS',
      quantity: 2,
      price: 98,
    };
    const response = await confirm(api, await guestOrder(api, [bundle], await visa()));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.order.items[0]).toMatchObject({
      variantTitle: 'Mat color: Glacier Blue, Strap color: Moss',
      quantity: 2,
    });
    expect(await variantStock(db, 'EG-BUNDLE-YOGA-MAT-GLC')).toBe(2);
    expect(await variantStock(db, 'EG-BUNDLE-YOGA-STRAP-MOS')).toBe(3);
    expect(await productStock(db, 'yoga-starter-bundle')).toBe(8);
  });

  it('takes a bundle sent with its options in another order as the same line (400 twice)', async () => {
    const { db } = api.test.database;
    const bundle = (sku: string, quantity: number) => ({
      _id: seedProductId('yoga-starter-bundle'),
      title: 'Yoga Starter Bundle',
      sku,
      quantity,
      price: 98,
    });
    const before = await footprint(db);
    const stock = await variantStock(db, 'EG-BUNDLE-YOGA-MAT-FIR');
    const one = await guestOrder(
      api,
      [bundle('EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-STRAP-MOS', 1)],
      await visa(),
    );
    const twice = {
      ...one,
      items: [
        bundle('EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-STRAP-MOS', 1),
        bundle('EG-BUNDLE-YOGA-STRAP-MOS+EG-BUNDLE-YOGA-MAT-FIR', 1),
      ],
    };
    const quote = await api.post('/orders/quote', { items: twice.items, shippingAddress: SEATTLE });
    expect(quote.status).toBe(400);
    const response = await confirm(api, twice);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(ORDER_MESSAGES.lineTwice);
    expect(await footprint(db)).toEqual(before);
    expect(await variantStock(db, 'EG-BUNDLE-YOGA-MAT-FIR')).toBe(stock);

    // Alone, the reversed order is accepted and kept in list order.
    const reversed = await confirm(
      api,
      await guestOrder(
        api,
        [bundle('EG-BUNDLE-YOGA-STRAP-MOS+EG-BUNDLE-YOGA-MAT-FIR', 1)],
        await visa(),
      ),
    );
    expect(reversed.status).toBe(201);
    expect((await reversed.json()).order.items[0].sku).toBe(
      'EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-STRAP-MOS',
    );
  });

  it('charges no tax outside Washington', async () => {
    const order = await guestOrder(api, [enamelLine(1)], await visa(), PORTLAND);
    expect(order).toMatchObject({ subtotal: 19, salesTax: 0, total: 19 });
    const response = await confirm(api, order);
    expect(response.status).toBe(201);
    expect((await response.json()).order).toMatchObject({ tax: 0, total: 19 });
  });

  describe('refuses every tampering attempt, writing nothing', () => {
    type GuestOrderBody = Awaited<ReturnType<typeof guestOrder>>;
    const refusals: [string, (order: GuestOrderBody) => unknown, number, string | RegExp][] = [
      [
        'a lower price',
        (o) => ({ ...o, items: [{ ...o.items[0], price: 1 }] }),
        409,
        'The price of Cedar Ridge Stoneware Mug is now $24.00. Please review your order and confirm again.',
      ],
      [
        'a lower subtotal',
        (o) => ({ ...o, subtotal: o.subtotal - 1 }),
        409,
        'The subtotal does not match the items in your order. Please review your order and confirm again.',
      ],
      [
        'a lower tax rate',
        (o) => ({ ...o, salesTax: 0.065 }),
        409,
        'The sales tax for your shipping address has changed. Please review your order and confirm again.',
      ],
      ['no tax at all', (o) => ({ ...o, salesTax: 0, total: o.subtotal }), 409, /sales tax/],
      [
        'a lower total',
        (o) => ({ ...o, total: o.total - 0.01 }),
        409,
        'The total does not match your order. Please review your order and confirm again.',
      ],
      [
        'a quantity of 0',
        (o) => ({ ...o, items: [{ ...o.items[0], quantity: 0 }] }),
        400,
        'Choose a quantity from 1 to 6.',
      ],
      [
        'a quantity of 7',
        (o) => ({ ...o, items: [{ ...o.items[0], quantity: 7 }] }),
        400,
        'Choose a quantity from 1 to 6.',
      ],
      [
        'a fractional quantity',
        (o) => ({ ...o, items: [{ ...o.items[0], quantity: 1.5 }] }),
        400,
        'Choose a quantity from 1 to 6.',
      ],
      [
        'an unknown product',
        (o) => ({ ...o, items: [{ ...o.items[0], _id: '00000000-0000-4000-8000-000000000000' }] }),
        409,
        'An item in your cart is no longer available. Please review your cart.',
      ],
      [
        'an unknown sku',
        (o) => ({ ...o, items: [{ ...o.items[0], sku: 'EG-MUG-CEDAR-GOLD' }] }),
        409,
        'An item in your cart is no longer available. Please review your cart.',
      ],
      [
        "another product's sku",
        (o) => ({ ...o, items: [{ ...o.items[0], sku: 'EG-MUG-ENAMEL' }] }),
        409,
        'An item in your cart is no longer available. Please review your cart.',
      ],
      [
        'a digital item twice',
        (o) => ({ ...o, items: [...o.items, photoLine(), photoLine()] }),
        400,
        'A digital item can be bought once per order.',
      ],
      [
        'a digital item with quantity 2',
        (o) => ({ ...o, items: [{ ...photoLine(), quantity: 2 }] }),
        400,
        'A digital item can be bought once per order.',
      ],
      [
        'the same line twice',
        (o) => ({ ...o, items: [o.items[0], o.items[0]] }),
        400,
        'Each item may appear only once in an order.',
      ],
      [
        'an Alaska address',
        (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, state: 'AK', zipcode: '99501' } }),
        400,
        ADDRESS_MESSAGES.state,
      ],
      [
        'a Hawaii address',
        (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, state: 'HI', zipcode: '96813' } }),
        400,
        ADDRESS_MESSAGES.state,
      ],
      [
        'an unknown state',
        (o) => ({ ...o, shippingAddress: { ...o.shippingAddress, state: 'XX' } }),
        400,
        ADDRESS_MESSAGES.state,
      ],
      [
        'an unaccepted return policy',
        (o) => ({ ...o, acceptedReturnPolicy: false }),
        400,
        'You must agree to the Return Policy to confirm your order.',
      ],
      [
        'no guest contact',
        (o) => ({ ...o, guestContact: undefined }),
        400,
        'Please enter your name and email.',
      ],
      ['no items', (o) => ({ ...o, items: [] }), 400, 'Your cart is empty.'],
      ['a negative total', (o) => ({ ...o, total: -5 }), 400, /./],
    ];

    for (const [name, tamper, status, message] of refusals) {
      it(`${name} → ${status}`, async () => {
        const { db } = api.test.database;
        const order = await guestOrder(api, [mugLine(1)], await visa());
        const before = await footprint(db);
        const stock = await variantStock(db, 'EG-MUG-CEDAR-GRN');
        const chargesBefore = charges.length;
        const response = await confirm(api, tamper(order));
        expect(response.status).toBe(status);
        const body = await response.json();
        if (typeof message === 'string') expect(body.error).toBe(message);
        else expect(body.error).toMatch(message);
        expect(await footprint(db)).toEqual(before);
        expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock);
        expect(charges.length).toBe(chargesBefore);
      });
    }
  });

  it('names the field of each address mistake with the spec texts', async () => {
    const order = await guestOrder(api, [mugLine(1)], await visa());
    const response = await confirm(api, {
      ...order,
      shippingAddress: { line1: '400 Pine St (2)', city: '', state: 'HI', zipcode: '9810' },
    });
    expect(response.status).toBe(400);
    const { fields } = await response.json();
    expect(fields).toMatchObject({
      'shippingAddress.line1': 'Only numbers, spaces or alphabet characters are allowed',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state':
        "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
      'shippingAddress.zipcode': 'Please enter zip or zip + 4 format',
    });
  });

  it('refuses a request from another site, and one that is not JSON', async () => {
    const order = await guestOrder(api, [mugLine(1)], await visa());
    const crossSite = await confirm(api, order, undefined);
    expect(crossSite.status).toBe(201); // no Origin header: a same-origin or non-browser client
    const evil = await api.post('/orders/orderconfirmation', order, {
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error).toBe(SAME_SITE_MESSAGES.origin);
    const sameSite = await api.post(
      '/orders/quote',
      { items: [mugLine(1)], shippingAddress: SEATTLE },
      {
        headers: { origin: new URL(config().siteUrl).origin },
      },
    );
    expect(sameSite.status).toBe(200);
    const form = await api.post('/orders/orderconfirmation', JSON.stringify(order), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(400);
    expect((await form.json()).error).toBe(SAME_SITE_MESSAGES.json);
    const tokens = await api.post(
      '/payments/sandbox/tokens',
      { number: '4242424242424242' },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(tokens.status).toBe(403);
  });

  it('keeps no idempotency key of a refused order', async () => {
    const { db } = api.test.database;
    const order = await guestOrder(api, [mugLine(1)], await visa());
    await confirm(api, { ...order, total: 1 }, 'refused-key-00000001');
    const rows = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'refused-key-00000001'));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/payments/sandbox/tokens', () => {
  const api = useApi();

  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['3782 822463 10005', 'amex', '0005'],
    ['6011 1111 1111 1117', 'discover', '1117'],
    ['4000 0000 0000 0002', 'visa', '0002'],
    ['4000 0000 0000 9995', 'visa', '9995'],
  ])('tokenises the test card %s', async (number, brand, last4) => {
    const card = await sandboxToken(api, number);
    expect(card).toMatchObject({ brand, last4, expMonth: 12 });
    expect(card.token).toMatch(/^tok_sandbox_/);
    expect(card.token).not.toContain(number.replace(/\s/g, ''));
  });

  it('refuses any other number without echoing it', async () => {
    const response = await api.post('/payments/sandbox/tokens', {
      number: '4111 1111 1111 1111',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).error).toBe(PAYMENT_MESSAGES.sandboxOnlyTestCards);
    expect(text).not.toContain('4111');
  });

  it('refuses an expired card and a wrong-length security code', async () => {
    const expired = await api.post('/payments/sandbox/tokens', {
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2020,
      cvc: '123',
    });
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toBe(PAYMENT_MESSAGES.expiry);
    const amex = await api.post('/payments/sandbox/tokens', {
      number: '378282246310005',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect(amex.status).toBe(400);
    expect((await amex.json()).error).toBe(PAYMENT_MESSAGES.cvc);
  });
});
