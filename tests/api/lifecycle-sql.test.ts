import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../api/db/schema';
import { cancelableState } from '../../api/modules/orders/digital-delivery';
import {
  hasNothingToShip,
  inStates,
  orderKindSql,
  stateAllowsSql,
} from '../../api/db/lifecycle-sql';
import {
  CLOSING_STATES,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  PAID_STATES,
  REVENUE_STATES,
  allows,
  countsAsRevenue,
  paid,
  shipsNothing,
  type OrderKind,
} from '../../core/orders/lifecycle';
import type { ProductKind } from '../../core/product/kind';
import { useApi, type ApiHarness } from '../helpers/api';
import { paidOrder } from './admin-helpers';

/*
 * Issue 35 point 5: where SQL filters orders by state (the dashboard, the orders list, customers,
 * exports, the tax report, the customer's cancel), it is built from the lifecycle's constants and
 * table. This checks that the SQL and the TypeScript answer alike for every state and every kind
 * of order, on the database the tests run on (PostgreSQL in CI).
 */

const LINES: Record<OrderKind, ProductKind[]> = {
  parcels: ['goods'],
  mixed: ['goods', 'gift_card'],
  digital_only: ['digital'],
  gift_cards_only: ['gift_card', 'gift_card'],
  emailed_only: ['digital', 'gift_card'],
};

describe('the lifecycle in SQL agrees with the lifecycle in TypeScript', () => {
  const api: ApiHarness = useApi({ seed: true });

  it('for every state and every kind of order', async () => {
    const db = api.test.database.db;
    const byKind = new Map<string, OrderKind>();
    for (const [kind, lines] of Object.entries(LINES) as [OrderKind, ProductKind[]][]) {
      const id = await paidOrder(api);
      byKind.set(id, kind);
      const [first] = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
      await db.update(orderItems).set({ kind: lines[0]! }).where(eq(orderItems.id, first!.id));
      for (const [index, extra] of lines.slice(1).entries()) {
        const { id: _id, ...copy } = first!;
        await db.insert(orderItems).values({ ...copy, position: index + 1, kind: extra });
      }
    }
    const ids = [...byKind.keys()];
    const actionColumns = Object.fromEntries(
      ORDER_ACTIONS.map((action) => [action, stateAllowsSql(action)]),
    );
    for (const status of ORDER_STATUSES) {
      await db.update(orders).set({ shippingStatus: status }).where(inArray(orders.id, ids));
      const rows = await db
        .select({
          id: orders.id,
          kind: orderKindSql,
          nothingToShip: hasNothingToShip,
          paid: inStates(orders.shippingStatus, PAID_STATES),
          revenue: inStates(orders.shippingStatus, REVENUE_STATES),
          cancelable: cancelableState,
          ...actionColumns,
        })
        .from(orders)
        .where(inArray(orders.id, ids));
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        const kind = byKind.get(row.id)!;
        const where = `${status} × ${kind}`;
        expect(row.kind, where).toBe(kind);
        expect(row.nothingToShip, where).toBe(shipsNothing(kind));
        expect(row.paid, where).toBe(paid(status));
        expect(row.revenue, where).toBe(countsAsRevenue(status));
        expect(row.cancelable, where).toBe(
          allows(status, kind, 'cancel') && !CLOSING_STATES.includes(status),
        );
        for (const action of ORDER_ACTIONS) {
          expect((row as Record<string, unknown>)[action], `${where}: ${action}`).toBe(
            allows(status, kind, action),
          );
        }
      }
    }
  });
});
