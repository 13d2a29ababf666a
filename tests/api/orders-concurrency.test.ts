import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { orders } from '../../api/db/schema';
import { useApi } from '../helpers/api';
import { confirm, footprint, guestOrder, productStock, sandboxToken } from '../helpers/orders';

/**
 * Twenty shoppers confirm the last Wool Mouse Trio at the same moment. PostgreSQL only (each
 * request on its own pooled connection): PGlite runs one transaction at a time, so it would prove
 * nothing about concurrency.
 */
describe('20 concurrent confirmations for the last unit', () => {
  const api = useApi({ seed: true });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'end in exactly one order, stock 0 and 19 refusals',
    async () => {
      const { db } = api.test.database;
      expect(await productStock(db, 'wool-mouse-trio')).toBe(1);
      const token = (await sandboxToken(api)).token;
      const line = {
        _id: seedProductId('wool-mouse-trio'),
        title: 'Wool Mouse Trio',
        sku: 'EG-CATTOY-MICE',
        quantity: 1,
        price: 15,
      };
      const order = await guestOrder(api, [line], token);

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, shopper) =>
          confirm(
            api,
            {
              ...order,
              guestContact: { ...order.guestContact, email: `shopper${shopper}@example.com` },
            },
            `last-unit-shopper-${shopper}`,
          ),
        ),
      );
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      const statuses = answers.map((answer) => answer.status);

      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect(bodies.filter((body) => body.error === 'Quantity of product is out')).toHaveLength(19);
      expect(await productStock(db, 'wool-mouse-trio')).toBe(0);
      const placed = await db
        .select()
        .from(orders)
        .where(eq(orders.id, bodies.find((b) => b.orderId)!.orderId));
      expect(placed).toHaveLength(1);
      expect(await footprint(db)).toMatchObject({ orders: 1, payments: 1, mail: 2, keys: 1 });
      // Nothing left pending: the 19 refused before taking stock, so no order row at all.
      expect(await db.select().from(orders)).toHaveLength(1);
    },
  );
});
