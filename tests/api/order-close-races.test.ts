import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefunds, orders, outbox } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import { closeOrder, type CloseDependencies } from '../../api/modules/orders/close';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, productStock } from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  freshEmail,
  plentyOfMugs,
  recordingSandbox,
  refundedCents,
  spendLater,
  spentCents,
  type RefundLog,
} from './order-close-helpers';

const ROUNDS = 20;

/**
 * Issue 35: closeOrder runs once per order whatever races it, and never gives out more than was
 * paid. Proven on PostgreSQL (DATABASE_URL), where the requests really run at the same time; on
 * PGlite they queue on its one connection and the same answers must hold.
 */
describe('closing an order against what races it (issue 35)', () => {
  const log: RefundLog = { refunds: [] };
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });
  const db = () => api.test.database.db;

  it(`${ROUNDS} rounds of “cancel” against “spend the card it bought” never give out more than was paid`, async () => {
    await plentyOfMugs(api);
    const won = { cancelFirst: 0, spendFirst: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const buyer = freshEmail('racer');
      const order = await bought(await buy(api, [cardLine(500, buyer), enamelLine(1)], buyer));
      const { code } = order.codes[0]!;
      const card = await cardOf(api, code);
      const token = new URL(order.statusUrl).searchParams.get('t')!;
      const cancel = () =>
        api.post(
          '/orders/guest/cancel',
          { id: order.orderId },
          { headers: { [ORDER_LINK_HEADER]: token } },
        );
      const spendIt = await spendLater(api, [enamelLine(5)], code);
      // The cancel starts later and later, so that some rounds the spend gets there first.
      const delay = new Promise((resolve) => setTimeout(resolve, round * 4));
      const [canceled, spent] = await Promise.all([delay.then(cancel), spendIt()]);
      expect(canceled.status, await canceled.clone().text()).toBe(200);
      const refunded = (await refundedCents(api, order.orderId)).reduce(
        (sum, refund) => sum + refund.amountCents,
        0,
      );
      const obtained = await spentCents(api, card.id);
      // Never more than was paid; and nothing of it lost: the refund is exactly the rest.
      expect(refunded + obtained).toBeLessThanOrEqual(order.totalCents);
      expect(refunded + obtained).toBe(order.totalCents);
      expect(await balanceCents(api, card.id)).toBe(0);
      if (spent.status === 201) won.spendFirst += 1;
      else won.cancelFirst += 1;
    }
    console.log('rounds won', won);
    expect(won.cancelFirst + won.spendFirst).toBe(ROUNDS);
  });

  it('closeOrder twice at once: one refund, the stock back once, one email', async () => {
    await plentyOfMugs(api);
    const deps: CloseDependencies = {
      db: db(),
      gateway: recordingSandbox(api, log).payments.gateway,
      shop: shopDetails(),
    };
    for (let round = 0; round < 5; round += 1) {
      const buyer = freshEmail('twice');
      const before = await productStock(db(), 'campfire-enamel-mug');
      const order = await bought(await buy(api, [enamelLine(3)], buyer));
      expect(await productStock(db(), 'campfire-enamel-mug')).toBe(before! - 3);
      const asked = log.refunds.length;
      const results = await Promise.all([
        closeOrder(deps, order.orderId, {
          by: 'owner',
          actorEmail: 'owner@example.com',
          reason: 'out_of_stock',
        }),
        closeOrder(deps, order.orderId, { by: 'customer', actorEmail: '' }),
      ]);
      expect(results.map((result) => result?.outcome).sort()).toEqual(['closed', 'refused']);
      const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
      expect(row!.shippingStatus).toBe('canceled');
      const refunds = await db()
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.orderId));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amountCents).toBe(order.totalCents);
      // The gateway may be asked by both, with the one key: one refund.
      const keys = new Set(log.refunds.slice(asked).map((refund) => refund.key));
      expect(keys.size).toBe(1);
      expect(await productStock(db(), 'campfire-enamel-mug')).toBe(before);
      const mails = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, buyer), eq(outbox.kind, 'order.canceled')));
      expect(mails).toHaveLength(1);
    }
  });
});
