import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orderRefunds, orders, outbox, payments } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { shopDetails } from '../../api/modules/mail/templates';
import {
  closeOrder,
  refundKeyFor,
  type CloseDependencies,
  type CloseOptions,
} from '../../api/modules/orders/close';
import { markShipped } from '../../api/modules/orders/fulfilment';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import type { StockChange } from '../../api/modules/inventory';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  enamelLine,
  GUEST,
  guestOrder,
  productStock,
  sandboxToken,
  SEATTLE,
} from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  fresh,
  freshEmail,
  plentyOfMugs,
} from './order-close-helpers';

/*
 * closeOrder (api/modules/orders/close.ts) called as each of its callers calls it: which caller
 * may close an order in which state, what each leaves on the order row, its payments, its refund
 * row, the stock, the outbox, and who is told. Each test reads the rows, not the answer alone.
 */
const gate = { chargeThrows: false, refundThrows: false };
const asked: { key: string; amountCents?: number }[] = [];

function switchableSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'order-close-callers-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (gate.chargeThrows) throw new AppError('UNAVAILABLE', 'gateway unreachable');
      return sandbox.gateway.charge(request);
    },
    async refund(reference, key, amountCents) {
      asked.push({ key, amountCents });
      if (gate.refundThrows) throw new AppError('UNAVAILABLE', 'gateway unreachable');
      return sandbox.gateway.refund(reference, key, amountCents);
    },
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('closeOrder as each caller calls it (issue 35)', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => switchableSandbox(api) });
  const db = () => api.test.database.db;
  const deps = (extra: Partial<CloseDependencies> = {}): CloseDependencies => ({
    db: db(),
    gateway: switchableSandbox(api).payments.gateway,
    shop: shopDetails(),
    ...extra,
  });
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentRows = (id: string) => db().select().from(payments).where(eq(payments.orderId, id));
  const refundRows = (id: string) =>
    db().select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.to, to));
  const mugs = () => productStock(db(), 'campfire-enamel-mug');

  /** Two mugs bought by a card: the order's id, total and buyer. */
  async function paidMugs(quantity = 2) {
    const email = freshEmail('buyer');
    const order = await bought(await buy(api, [enamelLine(quantity)], email));
    return { ...order, email };
  }

  it('a pending order closes only for the recovery job and a failed payment; other callers are refused and nothing moves', async () => {
    await plentyOfMugs(api);
    const email = freshEmail('pending');
    const { token } = await sandboxToken(api);
    const body = await guestOrder(api, [enamelLine(2)], token, SEATTLE, { ...GUEST, email });
    gate.chargeThrows = true;
    await api.post('/orders/orderconfirmation', body, fresh()).finally(() => {
      gate.chargeThrows = false;
    });
    const [pending] = await db().select().from(orders).where(eq(orders.email, email));
    expect(pending!.shippingStatus).toBe('pending_payment');
    const stock = await mugs();

    for (const by of ['customer', 'guest', 'owner', 'full-refund', 'payment-refunded'] as const) {
      const result = await closeOrder(deps(), pending!.id, { by, actorEmail: '' });
      expect(result?.outcome, by).toBe('refused');
      expect((await rowOf(pending!.id)).shippingStatus, by).toBe('pending_payment');
    }
    expect(await mugs()).toBe(stock);

    const changes: StockChange[] = [];
    const closed = await closeOrder(
      deps({ onStockReleased: (c) => changes.push(c) }),
      pending!.id,
      {
        by: 'recovery',
        actorEmail: '',
      },
    );
    expect(closed?.outcome).toBe('closed');
    expect(closed?.order.shippingStatus).toBe('abandoned');
    expect((await rowOf(pending!.id)).shippingStatus).toBe('abandoned');
    // Its two mugs back, and told to the caller holding the transaction, not the catalogue.
    expect(await mugs()).toBe(stock! + 2);
    expect(changes).toHaveLength(1);
    // Nobody is mailed: the shopper saw the answer.
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('a paid order is not the recovery job’s to close; the owner closes only one waiting to ship', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs();
    const recovered = await closeOrder(deps(), order.orderId, { by: 'recovery', actorEmail: '' });
    expect(recovered?.outcome).toBe('refused');
    expect((await rowOf(order.orderId)).shippingStatus).toBe('unfulfilled');
    expect(await refundRows(order.orderId)).toHaveLength(0);

    await markShipped(db(), { orderId: order.orderId, carrier: 'UPS', trackingNumber: '1Z999' });
    for (const by of ['owner', 'customer', 'payment-refunded'] as const) {
      const result = await closeOrder(deps(), order.orderId, { by, actorEmail: 'o@example.com' });
      expect(result?.outcome, by).toBe('refused');
    }
    expect((await rowOf(order.orderId)).shippingStatus).toBe('shipped');
    expect(await refundRows(order.orderId)).toHaveLength(0);
  });

  it('a full refund closes a shipped order: all of it back, the payment refunded, the stock left alone (the parcel left)', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs(3);
    await markShipped(db(), { orderId: order.orderId, carrier: 'UPS', trackingNumber: '1Z998' });
    const stock = await mugs();
    const changes: StockChange[] = [];
    const closed = await closeOrder(
      deps({ onStockReleased: (change) => changes.push(change) }),
      order.orderId,
      { by: 'full-refund', actorEmail: 'owner@example.com', buyerTold: true },
    );
    expect(closed?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row.shippingStatus).toBe('canceled');
    expect(row.paymentStatus).toBe('refunded');
    expect((await paymentRows(order.orderId)).map((p) => p.status)).toEqual(['refunded']);
    const [refund] = await refundRows(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents);
    expect(refund!.taxCents).toBe(row.taxCents);
    expect(refund!.actorEmail).toBe('owner@example.com');
    expect(refund!.idempotencyKey).toBe(refundKeyFor(order.orderId));
    expect(await mugs()).toBe(stock);
    expect(changes).toHaveLength(0);
    // The caller mailed the buyer already: no "canceled" email to them; the shop's copy goes.
    const kinds = (await mailsTo(order.email)).map((mail) => mail.kind);
    expect(kinds).not.toContain('order.canceled');
    expect(await mailsTo(shopDetails().shopEmail)).not.toHaveLength(0);
  });

  it('a failed Stripe payment ends the order canceled with its payment failed, nothing refunded, the stock back', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs(2);
    const stock = await mugs();
    // As the webhook does first: the card payment failed.
    await db()
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.orderId, order.orderId));
    const before = asked.length;
    const closed = await closeOrder(deps(), order.orderId, {
      by: 'payment-failed',
      actorEmail: '',
    });
    expect(closed?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row.shippingStatus).toBe('canceled');
    expect(row.paymentStatus).toBe('failed');
    expect((await paymentRows(order.orderId)).map((p) => p.status)).toEqual(['failed']);
    expect(asked.length).toBe(before);
    expect(await refundRows(order.orderId)).toHaveLength(0);
    expect(await mugs()).toBe(stock! + 2);
  });

  it('the owner’s cancel keeps the reason and note, stamps the cancel, starts the recovery count afresh, mails the buyer and wakes the worker once', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs(1);
    await db()
      .update(orders)
      .set({ recoveryAttempts: 3, recoveryError: 'earlier', recoveryNextAt: new Date() })
      .where(eq(orders.id, order.orderId));
    let woken = 0;
    const options: CloseOptions = {
      by: 'owner',
      actorEmail: 'owner@example.com',
      reason: 'other',
      note: 'The kiln broke.',
    };
    const closed = await closeOrder(
      deps({ onMailQueued: () => (woken += 1) }),
      order.orderId,
      options,
    );
    expect(closed?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row).toMatchObject({
      shippingStatus: 'canceled',
      paymentStatus: 'refunded',
      cancelReason: 'other',
      cancelNote: 'The kiln broke.',
      recoveryAttempts: 0,
      recoveryError: null,
      recoveryNextAt: null,
    });
    expect(row.canceledAt).toBeInstanceOf(Date);
    expect((await mailsTo(order.email)).map((mail) => mail.kind)).toContain('order.canceled');
    expect(woken).toBe(1);
    // Closing it again is refused, and nothing more is refunded or mailed.
    const mails = (await mailsTo(order.email)).length;
    expect((await closeOrder(deps(), order.orderId, options))?.outcome).toBe('refused');
    expect(await refundRows(order.orderId)).toHaveLength(1);
    expect(await mailsTo(order.email)).toHaveLength(mails);
  });

  it('a customer’s cancel without a reason keeps none; another customer’s order is not found', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs(1);
    // The holder of another order's link.
    const stranger = await closeOrder(deps(), order.orderId, {
      by: 'guest',
      actorEmail: '',
      customer: { orderId: (await paidMugs(1)).orderId },
    });
    expect(stranger).toBeUndefined();
    expect((await rowOf(order.orderId)).shippingStatus).toBe('unfulfilled');

    const closed = await closeOrder(deps(), order.orderId, { by: 'customer', actorEmail: '' });
    expect(closed?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row.cancelReason).toBeNull();
    expect(row.cancelNote).toBeNull();
    // Recorded as made by the buyer when no actor is given.
    const [refund] = await refundRows(order.orderId);
    expect(refund!.actorEmail).toBe(order.email);
    expect(refund!.amountCents).toBe(order.totalCents);
  });

  it('a refund the gateway refuses leaves the order refund_failed (503); closing it again finishes it with one refund', async () => {
    await plentyOfMugs(api);
    const order = await paidMugs(2);
    const stock = await mugs();
    gate.refundThrows = true;
    const failed = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
      reason: 'out_of_stock',
    })
      .then(() => undefined)
      .catch((error: unknown) => error)
      .finally(() => {
        gate.refundThrows = false;
      });
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).type).toBe('UNAVAILABLE');
    expect((await rowOf(order.orderId)).shippingStatus).toBe('refund_failed');
    // Nothing recorded as given back, the stock still out, the buyer not told yet.
    expect(await mugs()).toBe(stock);
    expect((await mailsTo(order.email)).map((m) => m.kind)).not.toContain('order.canceled');

    // The customer may not take it up; the owner's retry (any closer of an unfinished order) does.
    const retried = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
    });
    expect(retried?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row.shippingStatus).toBe('canceled');
    expect(row.paymentStatus).toBe('refunded');
    const refunds = (await refundRows(order.orderId)).filter((r) => r.status === 'succeeded');
    expect(refunds.map((r) => r.amountCents)).toEqual([order.totalCents]);
    expect(await mugs()).toBe(stock! + 2);
  });

  it('an order that bought a card the buyer spent: the refund keeps back the spend from the card’s line, the tax all goes back', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('spender');
    const order = await bought(await buy(api, [cardLine(50, buyer), enamelLine(1)], buyer));
    const card = await cardOf(api, order.codes[0]!.code);
    const spent = await bought(
      await buy(api, [enamelLine(1)], freshEmail('other'), { giftCardCode: order.codes[0]!.code }),
    );
    const spentCents = 5000 - (await balanceCents(api, card.id));
    expect(spentCents).toBeGreaterThan(0);
    expect(spent.orderId).not.toBe(order.orderId);

    const closed = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'o@example.com',
      reason: 'out_of_stock',
    });
    expect(closed?.outcome).toBe('closed');
    const [refund] = await refundRows(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents - spentCents);
    const row = await rowOf(order.orderId);
    expect(refund!.taxCents).toBe(row.taxCents);
    const lines = refund!.lines;
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    const cardItem = items.find((item) => item.kind === 'gift_card')!;
    const mugItem = items.find((item) => item.kind === 'goods')!;
    const cardLineRefund = lines.find((line) => line.orderItemId === cardItem.id)!;
    const mugLineRefund = lines.find((line) => line.orderItemId === mugItem.id)!;
    // The card's line gives back less what the card spent; the mug's line in full.
    const gross = (cents: number) => cents + Math.round(cents * row.taxRate);
    // A gift card line has no tax of its own (each line's tax is its stored tax_cents).
    expect(cardItem.taxCents).toBe(0);
    expect(cardLineRefund.amountCents).toBe(cardItem.unitPriceCents - spentCents);
    expect(mugLineRefund.amountCents).toBe(gross(mugItem.unitPriceCents));
    expect(await balanceCents(api, card.id)).toBe(0);
  });
});
