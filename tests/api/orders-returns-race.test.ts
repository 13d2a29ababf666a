import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, outbox, returnRequests, users } from '../../api/db/schema';
import { markDelivered, markShipped } from '../../api/modules/orders/fulfilment';
import { useApi } from '../helpers/api';
import { mugLine } from '../helpers/orders';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';
import { placeOrder } from './orders-history-helpers';

/**
 * Issue 22, row 7: "Start a Return" sent five times at once on one delivered order files one
 * return and emails the shop once. Run it on PostgreSQL (DATABASE_URL) to race for real.
 */
describe('concurrent return requests for one order', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;

  it('five at once: one open return, one email to the shop, the others refused', async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('returns'));
    const session = await logIn(client, account);
    const [owner] = await db().select().from(users).where(eq(users.email, account.email));

    // The seed has no stocked item over $30 without variants: price this mug line at $45.
    const order = await placeOrder(api, [mugLine(1)], { userId: owner!.id });
    await db()
      .update(orderItems)
      .set({ unitPriceCents: 4500 })
      .where(eq(orderItems.orderId, order.id));
    await markShipped(db(), { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z999' });
    await markDelivered(db(), order.id);

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.post(
          '/orders/return',
          { id: order.id, message: `Wrong colour (${i + 1}).` },
          bearer(session.token),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(((await answer.json()) as { error: string }).error).toBe(
        'A return has already been started for this order.',
      );
    }

    const filed = await db()
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    expect(filed).toHaveLength(1);
    const toShop = await db()
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'order.return'),
          eq(outbox.subject, `Return request: order ${order.number}`),
        ),
      );
    expect(toShop).toHaveLength(1);
  });
});
