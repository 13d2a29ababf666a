import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefunds, orders } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import { closeOrder, type CloseDependencies } from '../../api/modules/orders/close';
import { orderItemsOf } from '../../api/modules/orders/repository';
import { refundPayments } from '../../api/modules/orders/refund-payments';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { lineRefund } from '../../core/admin/line-refund';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine, productStock } from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  freshEmail,
  plentyOfMugs,
} from './order-close-helpers';

/*
 * The closing refund's lines (api/modules/orders/close-refund.ts, issue 35 point 6): each line
 * gives back its units' price and its own stored tax (a gift card line has none), so the lines
 * add up to what the close refunded, and over all of an order's refunds each line gives back
 * exactly what it cost. Before, each line took the order's rate: a $50 gift card's line said it
 * gave back $55.18 at Seattle's 10.35 %.
 */
describe('the closing refund’s lines (issue 35)', () => {
  const sandbox = (api: ApiHarness) =>
    sandboxPayments(api.test.database.db, 'close-refund-lines-secret-0123456789');
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => {
      const payments = sandbox(api);
      return { payments: { gateway: payments.gateway, sandbox: payments } };
    },
  });
  const db = () => api.test.database.db;
  const deps = (): CloseDependencies => ({
    db: db(),
    gateway: sandbox(api).gateway,
    shop: shopDetails(),
  });
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const refundsOf = (id: string) =>
    db().select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  /** enamelLine's and mugLine's products. */
  const SLUGS = ['campfire-enamel-mug', 'cedar-ridge-mug'];
  const ownerClose = (orderId: string) =>
    closeOrder(deps(), orderId, { by: 'owner', actorEmail: 'owner@example.com' });

  it('an order of a gift card and goods: each line gives back its price and its own tax, and the lines add up to the refund', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('lines');
    const order = await bought(
      await buy(api, [cardLine(50, buyer), enamelLine(2), mugLine(1)], buyer),
    );
    expect((await ownerClose(order.orderId))?.outcome).toBe('closed');

    const items = await orderItemsOf(db(), order.orderId);
    const card = items.find((item) => item.kind === 'gift_card')!;
    expect(card.taxCents).toBe(0);
    const [refund] = await refundsOf(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents);
    expect(refund!.taxCents).toBe((await rowOf(order.orderId)).taxCents);
    expect(refund!.lines).toEqual(
      items.map((item) => ({
        orderItemId: item.id,
        quantity: item.quantity,
        amountCents: item.unitPriceCents * item.quantity + item.taxCents,
      })),
    );
    expect(refund!.lines.find((line) => line.orderItemId === card.id)!.amountCents).toBe(5000);
    expect(sum(refund!.lines.map((line) => line.amountCents))).toBe(refund!.amountCents);
  });

  it('a card the buyer spent: what it paid for comes off its own line only, and the lines still add up to the refund', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('spent');
    const order = await bought(await buy(api, [enamelLine(1), cardLine(50, buyer)], buyer));
    const card = await cardOf(api, order.codes[0]!.code);
    await bought(
      await buy(api, [mugLine(1)], freshEmail('other'), { giftCardCode: order.codes[0]!.code }),
    );
    const spentCents = 5000 - (await balanceCents(api, card.id));
    expect(spentCents).toBeGreaterThan(0);
    expect((await ownerClose(order.orderId))?.outcome).toBe('closed');

    const items = await orderItemsOf(db(), order.orderId);
    const [refund] = await refundsOf(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents - spentCents);
    const given = (kind: string) => {
      const item = items.find((candidate) => candidate.kind === kind)!;
      return refund!.lines.find((line) => line.orderItemId === item.id)!.amountCents;
    };
    const enamel = items.find((item) => item.kind === 'goods')!;
    expect(given('goods')).toBe(enamel.unitPriceCents + enamel.taxCents);
    expect(given('gift_card')).toBe(5000 - spentCents);
    expect(sum(refund!.lines.map((line) => line.amountCents))).toBe(refund!.amountCents);
  });

  it('two cards bought, one spent: what is kept back comes off once, and the lines still add up to the refund', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('two-cards');
    const order = await bought(
      await buy(
        api,
        [enamelLine(1), cardLine(50, buyer), cardLine(25, buyer, { fixed: true })],
        buyer,
      ),
    );
    expect(order.codes).toHaveLength(2);
    const card = await cardOf(api, order.codes[0]!.code);
    await bought(
      await buy(api, [mugLine(1)], freshEmail('spender'), { giftCardCode: order.codes[0]!.code }),
    );
    const spentCents = card.initialCents - (await balanceCents(api, card.id));
    expect(spentCents).toBeGreaterThan(0);
    expect((await ownerClose(order.orderId))?.outcome).toBe('closed');

    const [refund] = await refundsOf(order.orderId);
    expect(refund!.amountCents).toBe(order.totalCents - spentCents);
    expect(sum(refund!.lines.map((line) => line.amountCents))).toBe(refund!.amountCents);
  });

  it('after the owner refunded one unit of three: the close gives back the rest of each line’s own tax, so each line’s refunds sum to what it cost', async () => {
    await plentyOfMugs(api);
    const order = await bought(await buy(api, [enamelLine(3), mugLine(2)]));
    const row = await rowOf(order.orderId);
    const items = await orderItemsOf(db(), order.orderId);
    const lines = items.map((item) => ({ ...item, refundedQuantity: 0 }));
    const earlier = lineRefund(lines, [{ orderItemId: items[0]!.id, quantity: 1 }]);
    await refundPayments(deps(), row, {
      amountCents: earlier.amountCents,
      key: `earlier-${order.orderId}`,
      actorEmail: 'owner@example.com',
      reason: 'damaged',
      taxCents: earlier.taxCents,
      lines: earlier.lines.map(({ orderItemId, quantity, amountCents }) => ({
        orderItemId,
        quantity,
        amountCents,
      })),
    });
    const stockBefore = await Promise.all(SLUGS.map((slug) => productStock(db(), slug)));
    expect((await ownerClose(order.orderId))?.outcome).toBe('closed');
    // The close puts back only the units no earlier refund gave back: 3 − 1 enamel mugs, both
    // cedar mugs (close.ts releases what unitsNotRefunded leaves).
    const stockAfter = await Promise.all(SLUGS.map((slug) => productStock(db(), slug)));
    expect(stockAfter).toEqual([stockBefore[0]! + 2, stockBefore[1]! + 2]);

    const refunds = await refundsOf(order.orderId);
    const closing = refunds.find((refund) => refund.idempotencyKey !== `earlier-${order.orderId}`)!;
    expect(closing.amountCents).toBe(order.totalCents - earlier.amountCents);
    expect(sum(closing.lines.map((line) => line.amountCents))).toBe(closing.amountCents);
    expect(closing.lines.map((line) => [line.orderItemId, line.quantity])).toEqual([
      [items[0]!.id, 2],
      [items[1]!.id, 2],
    ]);
    for (const item of items) {
      const given = refunds
        .flatMap((refund) => refund.lines)
        .filter((line) => line.orderItemId === item.id);
      expect(sum(given.map((line) => line.amountCents))).toBe(
        item.unitPriceCents * item.quantity + item.taxCents,
      );
    }
  });
});
