import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  giftCards,
  orderItems,
  orderRefunds,
  orders,
  outbox,
  paymentRefunds,
  payments,
} from '../../api/db/schema';
import { lineRefundKey } from '../../api/modules/orders/admin/refund-lines';
import { LINE_REFUND_TEXT, lineTaxShare } from '../../core/admin/line-refund';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine, productStock } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  freshEmail,
  plentyOfMugs,
  recordingSandbox,
  spend,
  type RefundLog,
} from './order-close-helpers';

/**
 * The owner's refund of any line from the order page (issue 39 item 7): a $19 enamel mug (under
 * $30, final sale under the return policy, yet refundable by the shop), partial quantities, the
 * line's own tax, stock only when asked, an email, a second refund of a unit refused, the last
 * units closing the order (issue 35), a bought gift card voided. Races run for real on PostgreSQL
 * (DATABASE_URL); on PGlite they queue and the same answers must hold.
 */
describe("the owner's refund of lines (issue 39 item 7)", () => {
  const log: RefundLog = { refunds: [] };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });
  const db = () => api.test.database.db;

  const itemsOf = (orderId: string) =>
    db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const refundsOf = (orderId: string) =>
    db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const partsOf = (refundId: string) =>
    db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId));
  const mailsTo = (to: string, kind: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));
  const stateOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  async function delivered(orderId: string) {
    await db()
      .update(orders)
      .set({ shippingStatus: 'delivered', shippedAt: new Date(), deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
  }

  const refund = (
    token: string,
    orderId: string,
    lines: { orderItemId: string; quantity: number }[],
    extra: { restock?: boolean; idempotencyKey?: string; reason?: string } = {},
  ) =>
    api.post(
      `/admin/orders/${orderId}/refund-lines`,
      {
        idempotencyKey: extra.idempotencyKey ?? randomUUID(),
        lines,
        reason: extra.reason ?? 'Arrived broken: the customer sent a photo.',
        restock: extra.restock ?? false,
      },
      bearer(token),
    );

  it('refunds one $19 unit with its tax share; stock only when asked; a unit never twice; the last units close the order', async () => {
    await plentyOfMugs(api);
    const admin = await signedInAdmin(api);
    const email = freshEmail('broken');
    const order = await bought(await buy(api, [enamelLine(2), mugLine(1)], email));
    await delivered(order.orderId);
    const items = await itemsOf(order.orderId);
    const enamel = items.find((item) => item.sku === 'EG-MUG-ENAMEL')!;
    const mug = items.find((item) => item.sku === 'EG-MUG-CEDAR-GRN')!;
    expect(enamel.unitPriceCents).toBe(1900);
    expect(enamel.taxCents).toBeGreaterThan(0);
    const stockBefore = (await productStock(db(), 'campfire-enamel-mug'))!;

    // One of two: its price and half the line's own tax (Seattle, 10.35 %).
    const share = lineTaxShare({ ...enamel, refundedQuantity: 0 }, 1);
    expect(share).toBe(Math.round(enamel.taxCents / 2));
    const key = randomUUID();
    const first = await refund(
      admin.token,
      order.orderId,
      [{ orderItemId: enamel.id, quantity: 1 }],
      {
        idempotencyKey: key,
      },
    );
    expect(first.status, await first.clone().text()).toBe(200);
    const answer = (await first.json()) as { id: string; amountCents: number; status: string };
    expect(answer).toMatchObject({ status: 'succeeded', amountCents: 1900 + share });
    // A row against the card's payment, with the gateway's reference; the gateway asked once.
    const [part] = await partsOf(answer.id);
    expect(part).toMatchObject({ amountCents: 1900 + share, status: 'succeeded' });
    expect(part!.reference).toMatch(/^sbx_re_/);
    expect(log.refunds.filter((r) => r.key === lineRefundKey(order.orderId, key))).toEqual([
      expect.objectContaining({ amountCents: 1900 + share }),
    ]);
    // Not restocked (the default): the stock did not move.
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore);
    // The customer is emailed the amount; the reason is recorded in the order's history.
    const mails = await mailsTo(email, 'order.refunded');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund for order ${(await stateOf(order.orderId)).number}`);
    expect(mails[0]!.text).toContain(`We refunded $${((1900 + share) / 100).toFixed(2)}`);
    expect(mails[0]!.text).toContain('1 × Campfire Enamel Mug');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, 'order.refund-lines')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      status: 'succeeded',
      reason: 'Arrived broken: the customer sent a photo.',
      amountCents: 1900 + share,
    });
    expect((await stateOf(order.orderId)).shippingStatus).toBe('delivered');

    // The same click again: nothing more.
    const retried = await refund(
      admin.token,
      order.orderId,
      [{ orderItemId: enamel.id, quantity: 1 }],
      {
        idempotencyKey: key,
      },
    );
    expect(retried.status).toBe(200);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect(await mailsTo(email, 'order.refunded')).toHaveLength(1);

    // Two more units than are left: refused, with how many can still go.
    const tooMany = await refund(admin.token, order.orderId, [
      { orderItemId: enamel.id, quantity: 2 },
    ]);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: string }).error).toBe(
      LINE_REFUND_TEXT.alreadyRefunded('Campfire Enamel Mug', 1),
    );

    // The second unit, restocked: the stock goes up by one.
    const second = await refund(
      admin.token,
      order.orderId,
      [{ orderItemId: enamel.id, quantity: 1 }],
      {
        restock: true,
      },
    );
    expect(second.status, await second.clone().text()).toBe(200);
    expect(((await second.json()) as { amountCents: number }).amountCents).toBe(
      1900 + enamel.taxCents - share,
    );
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore + 1);

    // A second refund of the same unit: refused with a clear sentence, nothing given back.
    const gatewayCalls = log.refunds.length;
    const again = await refund(admin.token, order.orderId, [
      { orderItemId: enamel.id, quantity: 1 },
    ]);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      'Every unit of Campfire Enamel Mug was already refunded.',
    );
    expect(log.refunds.length).toBe(gatewayCalls);

    // The mug, the last unit: the rest of what was paid goes back and the order closes.
    const last = await refund(admin.token, order.orderId, [{ orderItemId: mug.id, quantity: 1 }]);
    expect(last.status, await last.clone().text()).toBe(200);
    const lastAnswer = (await last.json()) as { orderStatus: string };
    expect(lastAnswer.orderStatus).toBe('canceled');
    const refunds = (await refundsOf(order.orderId)).filter((r) => r.status === 'succeeded');
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
    expect(refunds.reduce((sum, r) => sum + r.taxCents, 0)).toBe(
      (await stateOf(order.orderId)).taxCents,
    );
    const closed = await stateOf(order.orderId);
    expect(closed).toMatchObject({ shippingStatus: 'canceled', paymentStatus: 'refunded' });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment!.status).toBe('refunded');
    // A shipped order's close puts nothing back: only the restocked unit went back.
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore + 1);
    // Nothing is left to refund.
    const after = await refund(admin.token, order.orderId, [{ orderItemId: mug.id, quantity: 1 }]);
    expect(after.status).toBe(409);
  });

  it('an unshipped order refunded line by line closes without putting back what was not asked', async () => {
    await plentyOfMugs(api);
    const admin = await signedInAdmin(api);
    const order = await bought(await buy(api, [enamelLine(3)]));
    const [enamel] = await itemsOf(order.orderId);
    const stockBefore = (await productStock(db(), 'campfire-enamel-mug'))!;
    const first = await refund(
      admin.token,
      order.orderId,
      [{ orderItemId: enamel!.id, quantity: 1 }],
      {
        restock: true,
      },
    );
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore + 1);
    const rest = await refund(admin.token, order.orderId, [
      { orderItemId: enamel!.id, quantity: 2 },
    ]);
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect((await stateOf(order.orderId)).shippingStatus).toBe('canceled');
    // Each unit's stock was decided once, by its refund: the close put none back twice.
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore + 1);
    const refunds = (await refundsOf(order.orderId)).filter((r) => r.status === 'succeeded');
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
  });

  it("the owner's cancel after a refund of some units gives back and restocks only the rest", async () => {
    await plentyOfMugs(api);
    const admin = await signedInAdmin(api);
    const order = await bought(await buy(api, [enamelLine(3)]));
    const [enamel] = await itemsOf(order.orderId);
    const stockBefore = (await productStock(db(), 'campfire-enamel-mug'))!;
    const first = await refund(
      admin.token,
      order.orderId,
      [{ orderItemId: enamel!.id, quantity: 1 }],
      { restock: true },
    );
    expect(first.status, await first.clone().text()).toBe(200);
    const canceled = await api.post(
      `/admin/orders/${order.orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    // One unit back with the refund, the two others with the close: three, not four.
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stockBefore + 3);
    const refunds = (await refundsOf(order.orderId)).filter((r) => r.status === 'succeeded');
    refunds.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(refunds.map((r) => r.lines.map((line) => line.quantity))).toEqual([[1], [2]]);
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
    expect(refunds.reduce((sum, r) => sum + r.taxCents, 0)).toBe(enamel!.taxCents);
  });

  it('a refunded gift card line voids the card; what it already paid for is kept back', async () => {
    const admin = await signedInAdmin(api);
    const buyer = freshEmail('card-buyer');
    // A card for the buyer, due today: delivered at once, its code answered.
    const order = await bought(await buy(api, [cardLine(50, buyer), enamelLine(1)], buyer));
    const card = await cardOf(api, order.codes[0]!.code);
    // It pays $19 + tax of another order.
    const spent = await spend(api, [enamelLine(1)], order.codes[0]!.code);
    expect(spent.status, await spent.clone().text()).toBe(201);
    const paidByCard = 5000 - (await balanceCents(api, card.id));
    expect(paidByCard).toBeGreaterThan(1900);
    const items = await itemsOf(order.orderId);
    const cardItem = items.find((item) => item.kind === 'gift_card')!;

    const refunded = await refund(admin.token, order.orderId, [
      { orderItemId: cardItem.id, quantity: 1 },
    ]);
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(((await refunded.json()) as { amountCents: number }).amountCents).toBe(
      5000 - paidByCard,
    );
    const [after] = await db().select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.disabledAt).not.toBeNull();
    expect(await balanceCents(api, card.id)).toBe(0);
    // It cannot pay for anything more.
    const tryAgain = await spend(api, [enamelLine(1)], order.codes[0]!.code);
    expect(tryAgain.status).toBe(400);
    const [mail] = await mailsTo(buyer, 'order.refunded');
    expect(mail!.text).toContain('The gift card refunded here can no longer be used.');
    expect(mail!.text).toContain(`already paid for $${(paidByCard / 100).toFixed(2)}`);
  });

  it('a card bought and wholly spent has nothing left to refund: refused, nothing recorded', async () => {
    const admin = await signedInAdmin(api);
    const buyer = freshEmail('card-spender');
    const order = await bought(await buy(api, [cardLine(25, buyer, { fixed: true })], buyer));
    // A $26.48 mug: the card pays its $25 and the payment card the rest.
    const spent = await buy(api, [mugLine(1)], freshEmail('other'), {
      giftCardCode: order.codes[0]!.code,
    });
    expect(spent.status, await spent.clone().text()).toBe(201);
    const [cardItem] = await itemsOf(order.orderId);
    const refused = await refund(admin.token, order.orderId, [
      { orderItemId: cardItem!.id, quantity: 1 },
    ]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(LINE_REFUND_TEXT.cardsSpent);
    expect(await refundsOf(order.orderId)).toHaveLength(0);
  });

  it('six refunds of the same units at once give them back once', async () => {
    await plentyOfMugs(api);
    const admin = await signedInAdmin(api);
    const email = freshEmail('double');
    const order = await bought(await buy(api, [enamelLine(3)], email));
    const [enamel] = await itemsOf(order.orderId);
    const before = log.refunds.length;
    // Six owners' clicks (six forms) for the same two units of three.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        refund(admin.token, order.orderId, [{ orderItemId: enamel!.id, quantity: 2 }]),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(log.refunds.length - before).toBe(1);
    const rows = await refundsOf(order.orderId);
    expect(rows).toHaveLength(1);
    expect(await partsOf(rows[0]!.id)).toHaveLength(1);
    expect(await mailsTo(email, 'order.refunded')).toHaveLength(1);

    // The last unit, the same click sent six times at once (one key): one refund, one email.
    const key = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        refund(admin.token, order.orderId, [{ orderItemId: enamel!.id, quantity: 1 }], {
          idempotencyKey: key,
        }),
      ),
    );
    expect(same.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The gateway may be asked again with the same key (it answers the same refund): one refund.
    expect(new Set(log.refunds.slice(before).map((r) => r.key)).size).toBe(2);
    const both = await refundsOf(order.orderId);
    expect(both).toHaveLength(2);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    const given = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment!.id));
    expect(given).toHaveLength(2);
    expect(given.reduce((sum, part) => sum + part.amountCents, 0)).toBe(order.totalCents);
    expect(await mailsTo(email, 'order.refunded')).toHaveLength(2);
    expect((await stateOf(order.orderId)).shippingStatus).toBe('canceled');
  });

  it('refuses a line of another order and an order that cannot be refunded', async () => {
    const admin = await signedInAdmin(api);
    const one = await bought(await buy(api, [enamelLine(1)]));
    const other = await bought(await buy(api, [enamelLine(1)]));
    const [otherItem] = await itemsOf(other.orderId);
    const foreign = await refund(admin.token, one.orderId, [
      { orderItemId: otherItem!.id, quantity: 1 },
    ]);
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: string }).error).toBe(
      LINE_REFUND_TEXT.lineNotInOrder,
    );
    const canceled = await api.post(
      `/admin/orders/${other.orderId}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(canceled.status).toBe(200);
    const late = await refund(admin.token, other.orderId, [
      { orderItemId: otherItem!.id, quantity: 1 },
    ]);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(LINE_REFUND_TEXT.notAllowed);
    const noReason = await refund(
      admin.token,
      one.orderId,
      [{ orderItemId: otherItem!.id, quantity: 1 }],
      { reason: ' ' },
    );
    expect(noReason.status).toBe(400);
  });
});

describe('a return that refunds everything closes the order (issue 35)', () => {
  const log: RefundLog = { refunds: [] };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });

  it('the last units refunded through the return close it through closeOrder', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { order, requestId, items } = await returnRequestFor(api, customer, [mugLine(2)]);
    for (const step of ['approve', 'receive']) {
      const moved = await api.post(`/admin/returns/${requestId}/${step}`, {}, bearer(admin.token));
      expect(moved.status).toBe(200);
    }
    const refunded = await api.post(
      `/admin/returns/${requestId}/refund`,
      { idempotencyKey: randomUUID(), lines: [{ orderItemId: items[0]!.id, quantity: 2 }] },
      bearer(admin.token),
    );
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const [closed] = await api.test.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(closed).toMatchObject({ shippingStatus: 'canceled', paymentStatus: 'refunded' });
    const refunds = await api.test.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    // One refund (the return's): the close found nothing left to give back.
    expect(refunds.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(closed!.totalCents);
  });
});
