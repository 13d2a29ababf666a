import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  downloadGrants,
  giftCardLedger,
  orderRefunds,
  orders,
  outbox,
  payments,
} from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { shopDetails } from '../../api/modules/mail/templates';
import { closeOrder, type CloseDependencies } from '../../api/modules/orders/close';
import { orderItemsOf } from '../../api/modules/orders/repository';
import { refundPayments } from '../../api/modules/orders/refund-payments';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  enamelLine,
  GUEST,
  guestOrder,
  mugLine,
  photoLine,
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
 * The cases of closeOrder (api/modules/orders/close.ts) its callers' tests left open (issue 35
 * point 9): who may cancel a delivered digital order or one with a file downloaded, a pending
 * order's failed payment, the payment a kept-back refund leaves, the refund's lines, and the
 * mails of a close whose buyer was already told. Each reads the rows the close leaves.
 */
const gate = { chargeThrows: false };

function switchableSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'order-close-cases-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      if (gate.chargeThrows) throw new AppError('UNAVAILABLE', 'gateway unreachable');
      return sandbox.gateway.charge(request);
    },
    refund: (reference, key, amountCents) => sandbox.gateway.refund(reference, key, amountCents),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('closeOrder’s remaining cases (issue 35)', () => {
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
  const paymentStatuses = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, id))).map((p) => p.status);
  const refundRows = (id: string) =>
    db().select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.to, to));
  const shopMailsAbout = async (buyer: string) =>
    (await mailsTo(shopDetails().shopEmail)).filter(
      (mail) => mail.replyTo === buyer && mail.kind === 'order.canceled.shop',
    );

  /** A digital-only order (a photo download), paid and so delivered at once. */
  async function deliveredPhoto() {
    const { token } = await sandboxToken(api);
    const email = freshEmail('photo');
    const order = await guestOrder(api, [photoLine()], token, null, { ...GUEST, email }, SEATTLE);
    return bought(await confirm(api, order));
  }

  it('a customer and a guest each cancel a delivered digital-only order before its download', async () => {
    for (const by of ['customer', 'guest'] as const) {
      const order = await deliveredPhoto();
      expect((await rowOf(order.orderId)).shippingStatus, by).toBe('delivered');
      const closed = await closeOrder(deps(), order.orderId, { by, actorEmail: '' });
      expect(closed?.outcome, by).toBe('closed');
      expect(await rowOf(order.orderId), by).toMatchObject({
        shippingStatus: 'canceled',
        paymentStatus: 'refunded',
      });
      expect(
        (await refundRows(order.orderId)).map((r) => r.amountCents),
        by,
      ).toEqual([order.totalCents]);
    }
  });

  it('once a file is downloaded neither the customer nor a guest may cancel an order waiting to ship; the owner still may', async () => {
    await plentyOfMugs(api);
    const order = await bought(await buy(api, [enamelLine(1), photoLine()]));
    expect((await rowOf(order.orderId)).shippingStatus).toBe('unfulfilled');
    await db()
      .update(downloadGrants)
      .set({ uses: 1 })
      .where(eq(downloadGrants.orderId, order.orderId));
    const stock = await productStock(db(), 'campfire-enamel-mug');
    for (const by of ['customer', 'guest'] as const) {
      const result = await closeOrder(deps(), order.orderId, { by, actorEmail: '' });
      expect(result?.outcome, by).toBe('refused');
      expect((await rowOf(order.orderId)).shippingStatus, by).toBe('unfulfilled');
      expect(await refundRows(order.orderId), by).toHaveLength(0);
      expect(await paymentStatuses(order.orderId), by).toEqual(['paid']);
    }
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);
    const owner = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
    });
    expect(owner?.outcome).toBe('closed');
    expect((await rowOf(order.orderId)).shippingStatus).toBe('canceled');
  });

  it('a pending order’s failed payment closes it payment_failed, its stock back, nothing refunded', async () => {
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
    const stock = await productStock(db(), 'campfire-enamel-mug');
    const closed = await closeOrder(deps(), pending!.id, { by: 'payment-failed', actorEmail: '' });
    expect(closed?.outcome).toBe('closed');
    expect((await rowOf(pending!.id)).shippingStatus).toBe('payment_failed');
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock! + 2);
    expect(await refundRows(pending!.id)).toHaveLength(0);
  });

  it('a close that keeps back a spent card’s part: the card payment ends refunded though less went back; the two mugs’ line in full, the card’s line less the spend', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('two-cards');
    const order = await bought(await buy(api, [enamelLine(2), cardLine(50, buyer)], buyer));
    const bought50 = await cardOf(api, order.codes[0]!.code);
    const before = await balanceCents(api, bought50.id);
    await bought(
      await buy(api, [enamelLine(1)], freshEmail('other'), { giftCardCode: order.codes[0]!.code }),
    );
    const spentCents = before - (await balanceCents(api, bought50.id));
    expect(spentCents).toBeGreaterThan(0);

    const closed = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
      reason: 'out_of_stock',
    });
    expect(closed?.outcome).toBe('closed');
    const row = await rowOf(order.orderId);
    expect(row.paymentStatus).toBe('refunded');
    // Less than was paid went back, yet the close marks the card's payment refunded.
    expect(await paymentStatuses(order.orderId)).toEqual(['refunded']);
    const [refund] = await refundRows(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents - spentCents);
    const gross = (cents: number) => cents + Math.round(cents * row.taxRate);
    const items = await orderItemsOf(db(), order.orderId);
    const given = (id: string) => refund!.lines.find((line) => line.orderItemId === id)!;
    const mug = items.find((item) => item.kind === 'goods')!;
    expect(mug.quantity).toBe(2);
    expect(given(mug.id)).toMatchObject({
      quantity: 2,
      amountCents: gross(mug.unitPriceCents * 2),
    });
    // A gift card line has no tax of its own: it gives back its price less the spend.
    const card = items.find((item) => item.kind === 'gift_card')!;
    expect(card.taxCents).toBe(0);
    expect(given(card.id).amountCents).toBe(card.unitPriceCents - spentCents);
    // The card it bought is written off, its ledger row saying why; nothing is left on it.
    const ledger = await db()
      .select()
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, bought50.id));
    expect(ledger.map((entry) => entry.note)).toContain('order canceled');
    expect(await balanceCents(api, bought50.id)).toBe(0);
  });

  it('a full refund whose buyer was told already: no mail and no wake-up when nothing was kept back; the shop’s kept-back copy alone when a spent card’s part was', async () => {
    await plentyOfMugs(api);
    const plain = freshEmail('told');
    const first = await bought(await buy(api, [enamelLine(1)], plain));
    const placedMails = (await mailsTo(plain)).length;
    let woken = 0;
    const wake = { onMailQueued: () => (woken += 1) };
    const closed = await closeOrder(deps(wake), first.orderId, {
      by: 'full-refund',
      actorEmail: 'owner@example.com',
      buyerTold: true,
    });
    expect(closed?.outcome).toBe('closed');
    expect(await mailsTo(plain)).toHaveLength(placedMails);
    expect(await shopMailsAbout(plain)).toHaveLength(0);
    expect(woken).toBe(0);

    const buyer = freshEmail('told-card');
    const order = await bought(await buy(api, [cardLine(50, buyer), enamelLine(1)], buyer));
    await bought(
      await buy(api, [enamelLine(1)], freshEmail('other'), { giftCardCode: order.codes[0]!.code }),
    );
    const again = await closeOrder(deps(wake), order.orderId, {
      by: 'full-refund',
      actorEmail: 'owner@example.com',
      buyerTold: true,
    });
    expect(again?.outcome).toBe('closed');
    expect((await mailsTo(buyer)).map((mail) => mail.kind)).not.toContain('order.canceled');
    expect((await shopMailsAbout(buyer)).map((mail) => mail.kind)).toEqual(['order.canceled.shop']);
    expect(woken).toBe(1);
  });

  it('after an owner’s refund of some lines, the close gives back only the units and tax left: a line refunded whole is not in it', async () => {
    await plentyOfMugs(api);
    const order = await bought(await buy(api, [enamelLine(3), mugLine(1)]));
    const row = await rowOf(order.orderId);
    const [enamel, mug] = await orderItemsOf(db(), order.orderId);
    const tax = (cents: number) => Math.round(cents * row.taxRate);
    const earlier = [
      { orderItemId: enamel!.id, quantity: 1, net: enamel!.unitPriceCents },
      { orderItemId: mug!.id, quantity: 1, net: mug!.unitPriceCents },
    ];
    const earlierTax = earlier.reduce((sum, line) => sum + tax(line.net), 0);
    const earlierCents = earlier.reduce((sum, line) => sum + line.net + tax(line.net), 0);
    await refundPayments(deps(), row, {
      amountCents: earlierCents,
      key: `earlier-${order.orderId}`,
      actorEmail: 'owner@example.com',
      reason: 'damaged',
      taxCents: earlierTax,
      lines: earlier.map(({ orderItemId, quantity, net: cents }) => ({
        orderItemId,
        quantity,
        amountCents: cents + tax(cents),
      })),
    });

    const closed = await closeOrder(deps(), order.orderId, {
      by: 'owner',
      actorEmail: 'owner@example.com',
    });
    expect(closed?.outcome).toBe('closed');
    const closing = (await refundRows(order.orderId)).find(
      (refund) => refund.idempotencyKey !== `earlier-${order.orderId}`,
    )!;
    expect(closing.amountCents).toBe(order.totalCents - earlierCents);
    expect(closing.taxCents).toBe(row.taxCents - earlierTax);
    const left = enamel!.unitPriceCents * 2;
    expect(closing.lines).toEqual([
      { orderItemId: enamel!.id, quantity: 2, amountCents: left + tax(left) },
    ]);
  });
});
