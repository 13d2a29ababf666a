import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmationSchema } from '../../api/modules/orders/model';
import { confirmOrderFlow } from '../../api/modules/orders/confirm-order';
import { confirmOrder } from '../../api/modules/orders/service';
import { stripeGateway } from '../../api/modules/payments/stripe';
import { tableTaxCalculator } from '../../api/modules/tax/calculator';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { footprint, GUEST, mugLine, SEATTLE, variantStock } from '../helpers/orders';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

describe('the confirm-order flow undoes its steps when a late one fails', () => {
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
      'lock and decrement the stock of every line in one transaction',
      'charge the total through the payment gateway with an idempotency key',
      'store the order, its payment and its two emails, and keep the answer with the key',
    ]);
  });

  it('refunds the charge, puts the stock back and lets the key go when storing fails', async () => {
    const { db } = test.database;
    const shop = {
      siteName: 'Evergreen',
      siteUrl: 'http://localhost:4321',
      get shopEmail(): string {
        throw new Error('the mail step broke');
      },
    };
    const deps = { db, gateway: stripeGateway(standIn.client()), tax: tableTaxCalculator(), shop };
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

    const [intent] = [...standIn.intents.values()];
    expect(intent).toMatchObject({ amount: 2648, status: 'succeeded' });
    expect(standIn.refunds).toEqual([
      expect.objectContaining({ payment_intent: intent!.id, status: 'succeeded' }),
    ]);
    expect(await variantStock(db, 'EG-MUG-CEDAR-GRN')).toBe(stock);
    expect(await footprint(db)).toEqual(before);
  });
});
