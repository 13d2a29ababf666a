import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/client';
import { orderItems, orders, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { placeGuestOrder } from '../helpers/http-orders';
import { exited, spawnServer } from '../helpers/spawned-server';

/**
 * `kill -9` in the middle of a stream of orders on the embedded database (PGlite in a data
 * folder): every order the shop answered 201 is there after a restart, whole, and the stock
 * agrees with the orders; the shop starts again and takes orders.
 */
const ENTRY = 'tests/helpers/orders-server.ts';
const MUG = seedProductId('campfire-enamel-mug');
const SEEDED_STOCK = 40;
const ANSWERED_BEFORE_KILL = 6;

describe('the embedded database killed during orders', () => {
  it('loses no answered order, keeps stock consistent and starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-kill-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await spawnServer(ENTRY, env);
    const answered = new Map<string, number>();
    let killed = false;
    // Three shoppers at once, ordering until the process dies under them.
    const shopper = async () => {
      while (!killed) {
        try {
          const { status, body } = await placeGuestOrder(`${first.origin}/api`);
          if (status === 201) answered.set(String(body.orderId), Number(asOrder(body).total));
        } catch {
          return; // the connection died with the process
        }
        if (answered.size >= ANSWERED_BEFORE_KILL && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([shopper(), shopper(), shopper()]);
    expect((await exited(first.child)).signal).toBe('SIGKILL');
    expect(answered.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);

    const again = await spawnServer(ENTRY, env);
    const after = await placeGuestOrder(`${again.origin}/api`);
    expect(after.status).toBe(201);
    answered.set(String(after.body.orderId), Number(asOrder(after.body).total));
    again.child.kill('SIGTERM');
    await exited(again.child);

    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const { db } = database;
      const rows = await db
        .select({ id: orders.id, totalCents: orders.totalCents, status: orders.shippingStatus })
        .from(orders)
        .where(inArray(orders.id, [...answered.keys()]));
      expect(new Map(rows.map((row) => [row.id, row.totalCents / 100]))).toEqual(answered);
      expect(rows.every((row) => row.status === 'unfulfilled')).toBe(true);
      // Every mug is on the shelf or in an order that holds it (paid or still pending).
      const [held] = await db
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orders.shippingStatus, ['pending_payment', 'unfulfilled']));
      const [mug] = await db
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, MUG));
      expect((mug!.quantity ?? 0) + held!.units).toBe(SEEDED_STOCK);
    } finally {
      await database.close();
    }
  }, 60_000);
});

function asOrder(body: Record<string, unknown>): Record<string, unknown> {
  return body.order as Record<string, unknown>;
}
