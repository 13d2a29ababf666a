import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../api/db/schema';
import { recoverPendingOrders } from '../../api/modules/orders/recovery';
import { orderConfirmationSchema } from '../../core/orders/model';
import { confirmOrderFlow } from '../../api/modules/orders/confirm-order';
import { confirmOrder } from '../../api/modules/orders/service';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { tableTaxCalculator } from '../../api/modules/tax/calculator';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { footprint, GUEST, mugLine, SEATTLE, variantStock } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

describe('the confirm-order flow when a late step fails', () => {
  let standIn: StripeStandIn;
  let test: TestDatabase;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    test = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await test.cleanup();
    await standIn.close();
  });

  it('names its steps in order', () => {
    expect(confirmOrderFlow.steps.map((step) => step.name)).toEqual([
      'claim the idempotency key, or answer with the order it already made',
      'recompute prices, subtotal, tax and total, and refuse figures that differ',
      'choose the card: a stored card of the shopper’s own, or the new one (set up to keep)',
      'write the order as pending_payment and take its stock, in one transaction',
      'charge the total through the payment gateway with the order’s idempotency key',
      'mark the order paid with its payment and its two emails, and keep the answer',
      'list the card the shopper asked to save, now that it has paid',
    ]);
  });

  it('keeps a charged order pending with its stock when storing fails, and recovery completes it once', async () => {
    const { db } = test.database;
    let broken = true;
    const shop = {
      siteName: 'Evergreen',
      siteUrl: 'http://localhost:4321',
      get shopEmail(): string {
        if (broken) throw new Error('the mail step broke');
        return 'shop@example.com';
      },
    };
    const gateway = stripeGateway(standIn.client());
    const deps = { db, gateway, tax: tableTaxCalculator(), shop };
    // $24.00 in Seattle: 10.35 % tax is 248 cents.
    const order = orderConfirmationSchema.parse({
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
      billingInfo: { paymentMethodId: 'pm_card_visa' },
      items: [mugLine(1)],
      subtotal: 24,
      salesTax: 0.1035,
      total: 26.48,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: GUEST,
    });
    const before = await footprint(db);
    const stock = await variantStock(db, 'EG-MUG-CEDAR-GRN');

    await expect(confirmOrder(deps, order, 'undo-key-000000001')).rejects.toThrow(
      'the mail step broke',
    );

    // Charged once; the order is kept pending with its stock, shown to nobody, no refund.
    const [intent] = [...standIn.intents.values()];
    expect(intent).toMatchObject({ amount: 2648, status: 'succeeded' });
    expect(standIn.refunds).toEqual([]);
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock! - 1);
    expect(await footprint(db)).toEqual({ ...before, keys: before.keys + 1 });
    const [pending] = await db
      .select()
      .from(orders)
      .where(eq(orders.requestKey, 'undo-key-000000001'));
    expect(pending).toMatchObject({ shippingStatus: 'pending_payment' });

    // Recovery finds the PaymentIntent by its metadata and completes the order with its emails.
    broken = false;
    expect(await recoverPendingOrders({ db, gateway, shop }, 0)).toMatchObject({ paid: 1 });
    expect(await recoverPendingOrders({ db, gateway, shop }, 0)).toMatchObject({ paid: 0 });
    expect(await footprint(db)).toEqual({
      orders: before.orders + 1,
      payments: before.payments + 1,
      mail: before.mail + 2,
      keys: before.keys + 1,
    });
    expect(standIn.intents.size).toBe(1);
    // The shopper's retry with the same key gets that order.
    const retry = await confirmOrder(deps, order, 'undo-key-000000001');
    expect(retry.body.orderId).toBe(pending!.id);
  });
});
