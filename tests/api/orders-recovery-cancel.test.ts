import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefunds, orders, outbox, paymentRefunds, payments } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import {
  NEEDS_ATTENTION_AFTER,
  recoverPendingOrders,
  recoveryBackoffMs,
} from '../../api/modules/orders/recovery';
import { ORDER_STATE } from '../../core/orders/lifecycle';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, productStock } from '../helpers/orders';
import {
  bought,
  buy,
  freshEmail,
  plentyOfMugs,
  recordingSandbox,
  type RefundLog,
} from './order-close-helpers';

const MUG = 'campfire-enamel-mug';

/**
 * Issue 36 point 12: a cancel cut off by a lost connection (left `canceling`, its payment still
 * charged) or refused by the gateway (`refund_failed`) is finished by the recovery job, once: one
 * refund, the stock back once, one email, however many rounds run, even at once (PostgreSQL).
 */
describe('recovery finishes the cancels cut off', () => {
  const log: RefundLog = { refunds: [] };
  let refuse = false;
  const api: ApiHarness = useApi({ seed: true, dependencies: () => recordingSandbox(api, log) });
  const db = () => api.test.database.db;
  const gateway = (): PaymentGateway => {
    const inner = recordingSandbox(api, log).payments.gateway;
    return {
      ...inner,
      refund: async (reference, key, amountCents) => {
        if (refuse) throw new Error('gateway down');
        return inner.refund(reference, key, amountCents);
      },
    };
  };
  const recover = (now = new Date()) =>
    recoverPendingOrders({ db: db(), gateway: gateway(), shop: shopDetails() }, 10 * 60_000, now);

  /** A paid order whose cancel was cut after its first step: `canceling`, its charge not refunded. */
  async function cutCancel(minutesAgo = 5) {
    await plentyOfMugs(api);
    const buyer = freshEmail('cut');
    const before = (await productStock(db(), MUG))!;
    const order = await bought(await buy(api, [enamelLine(3)], buyer));
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await db()
      .update(orders)
      .set({ shippingStatus: ORDER_STATE.canceling, canceledAt: at, updatedAt: at })
      .where(eq(orders.id, order.orderId));
    expect(await productStock(db(), MUG)).toBe(before - 3);
    return { ...order, buyer, before };
  }

  async function effects(order: Awaited<ReturnType<typeof cutCancel>>) {
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    const refunds = await db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.orderId));
    const parts = await db()
      .select({ amountCents: paymentRefunds.amountCents, status: paymentRefunds.status })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.orderId, order.orderId));
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, order.buyer), eq(outbox.kind, 'order.canceled')));
    const keys = new Set(
      log.refunds.filter((r) => r.key.includes(order.orderId)).map((r) => r.key),
    );
    return {
      state: row!.shippingStatus,
      paymentStatus: row!.paymentStatus,
      // Those not failed (a refused refund keeps its row, `failed`).
      refunds: refunds.filter((r) => r.status !== 'failed').map((r) => r.amountCents),
      parts: parts.map((p) => [p.amountCents, p.status]),
      gatewayKeys: keys.size,
      stock: await productStock(db(), MUG),
      mails: mails.length,
    };
  }

  it('one round finishes a cancel left canceling: refunded once, stock back once, one email; a second round changes nothing', async () => {
    const order = await cutCancel();
    const round = await recover();
    expect(round.canceled).toBe(1);
    const done = await effects(order);
    expect(done).toEqual({
      state: ORDER_STATE.canceled,
      paymentStatus: 'refunded',
      refunds: [order.totalCents],
      parts: [[order.totalCents, 'succeeded']],
      gatewayKeys: 1,
      stock: order.before,
      mails: 1,
    });
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(charge!.status).toBe('refunded');

    const asked = log.refunds.length;
    expect((await recover()).canceled).toBe(0);
    expect(await effects(order)).toEqual(done);
    expect(log.refunds.length).toBe(asked);
  });

  it('a cancel still within its grace is left to its own request', async () => {
    const order = await cutCancel(0);
    expect((await recover()).canceled).toBe(0);
    expect((await effects(order)).state).toBe(ORDER_STATE.canceling);
    expect((await recover(new Date(Date.now() + 3 * 60_000))).canceled).toBe(1);
    expect((await effects(order)).mails).toBe(1);
  });

  it('two recovery rounds at once still refund once, put the stock back once and mail once', async () => {
    for (let i = 0; i < 5; i += 1) {
      const order = await cutCancel();
      const rounds = await Promise.all([recover(), recover()]);
      expect(rounds.reduce((sum, r) => sum + r.canceled, 0)).toBe(1);
      expect(await effects(order)).toMatchObject({
        state: ORDER_STATE.canceled,
        refunds: [order.totalCents],
        parts: [[order.totalCents, 'succeeded']],
        gatewayKeys: 1,
        stock: order.before,
        mails: 1,
      });
    }
  });

  it('a refund the gateway refuses is retried with backoff a few times, then left to the owner', async () => {
    const order = await cutCancel();
    refuse = true;
    try {
      let now = new Date();
      expect(await recover(now)).toMatchObject({ canceled: 0, failed: 1 });
      let [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
      expect(row).toMatchObject({ shippingStatus: ORDER_STATE.refundFailed, recoveryAttempts: 1 });
      // Not before its backoff.
      expect((await recover(new Date(now.getTime() + 1000))).failed).toBe(0);
      for (let attempt = 1; attempt < NEEDS_ATTENTION_AFTER; attempt += 1) {
        now = new Date(now.getTime() + recoveryBackoffMs(attempt) + 1000);
        expect((await recover(now)).failed).toBe(1);
      }
      [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
      expect(row!.recoveryAttempts).toBe(NEEDS_ATTENTION_AFTER);
      // After a few tries it is the owner's: the job leaves it.
      now = new Date(now.getTime() + 7 * 60 * 60_000);
      expect((await recover(now)).failed).toBe(0);
      // Nothing given back: no refund part succeeded, the charge is still whole.
      expect((await effects(order)).parts.filter(([, status]) => status === 'succeeded')).toEqual(
        [],
      );
      expect((await effects(order)).stock).toBe(order.before - 3);
    } finally {
      refuse = false;
    }
    // A retry within the few tries finishes it once the gateway answers.
    const other = await cutCancel();
    refuse = true;
    await recover();
    refuse = false;
    const later = new Date(Date.now() + recoveryBackoffMs(1) + 1000);
    expect((await recover(later)).canceled).toBe(1);
    expect(await effects(other)).toMatchObject({
      state: ORDER_STATE.canceled,
      refunds: [other.totalCents],
      stock: other.before,
      mails: 1,
    });
  });
});
