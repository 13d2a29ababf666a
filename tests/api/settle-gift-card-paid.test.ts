import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outbox, payments } from '../../api/db/schema';
import { shopDetails } from '../../api/modules/mail/templates';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine } from '../helpers/orders';
import {
  balanceCents,
  bought,
  buy,
  cardLine,
  cardOf,
  freshEmail,
  plentyOfMugs,
  spend,
} from './order-close-helpers';

/*
 * Settling an order a gift card paid in full (api/modules/orders/settle.ts, issue 35): no charge
 * went through the gateway, yet the order is paid like any other: its row says `paid`, its one
 * payment is the card's, and the shop's new-order email says "Payment: paid".
 */
describe('settling an order a gift card paid in full (issue 35)', () => {
  const sandbox = (api: ApiHarness) =>
    sandboxPayments(api.test.database.db, 'settle-gift-card-secret-0123456789');
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => {
      const payments = sandbox(api);
      return { payments: { gateway: payments.gateway, sandbox: payments } };
    },
  });
  const db = () => api.test.database.db;

  it('is paid and waiting to ship, with the gift card’s payment alone, and the shop is told it is paid', async () => {
    await plentyOfMugs(api);
    const buyer = freshEmail('card-owner');
    const { codes } = await bought(await buy(api, [cardLine(100, buyer)], buyer));
    const code = codes[0]!.code;
    const card = await cardOf(api, code);

    const order = await bought(await spend(api, [enamelLine(1)], code));
    expect(await balanceCents(api, card.id)).toBe(10_000 - order.totalCents);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({
      shippingStatus: 'unfulfilled',
      paymentStatus: 'paid',
      giftCardCents: order.totalCents,
    });
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows.map((payment) => [payment.method, payment.status, payment.amountCents])).toEqual([
      ['gift_card', 'paid', order.totalCents],
    ]);
    const [received] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order.received'), eq(outbox.replyTo, row!.email)));
    expect(received!.to).toBe(shopDetails().shopEmail);
    expect(received!.text).toContain('Payment: paid');
  });
});
