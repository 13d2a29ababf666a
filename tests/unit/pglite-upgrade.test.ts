import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite03 } from 'pglite-03';
import { pg_trgm } from 'pglite-03/contrib/pg_trgm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../api/config';
import { migrationsFolder, openDatabase, schema, type Db } from '../../api/db/client';
import { prepareEmbeddedFolder } from '../../api/db/pglite-upgrade';
import { orderItems, orders, products } from '../../api/db/schema';
import { seedCatalogue } from '../../api/seed';
import { seedProductId } from '../../api/db/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';

const folder = () => join(mkdtempSync(join(tmpdir(), 'evergreen-pglite-upgrade-')), 'db');

const ADDRESS = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };

const PAID_ORDER = {
  isGuest: true,
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  shippingAddress: ADDRESS,
  billingAddress: ADDRESS,
  acceptedReturnPolicy: true,
  subtotalCents: 1900,
  taxRate: 0.1035,
  taxCents: 197,
  totalCents: 2097,
  paymentStatus: 'paid' as const,
};

/** A shop's folder as PGlite 0.3 left it: migrated, seeded, with one paid order. */
async function writeWithPglite03(dataDir: string) {
  const old = await PGlite03.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzle(old as never, { schema, casing: 'snake_case' }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: migrationsFolder() });
  await seedCatalogue(db);
  const [order] = await db.insert(orders).values(PAID_ORDER).returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    position: 0,
    productId: seedProductId('campfire-enamel-mug'),
    sku: 'EG-MUG-ENAMEL',
    title: 'Campfire Enamel Mug',
    category: 'kitchen',
    supplier: 'warehouse',
    quantity: 1,
    unitPriceCents: 1900,
  });
  await old.close();
  return order!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a data folder written by PGlite 0.3', () => {
  it('is upgraded on open: same rows, sequences go on, old folder kept beside it', async () => {
    const dataDir = folder();
    const written = await writeWithPglite03(dataDir);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});

    const database = await openDatabase({ dataDir });
    try {
      const backup = `${dataDir}-pglite-0.3-backup`;
      expect(log).toHaveBeenCalledWith(
        `Upgraded the embedded database in ${dataDir} from PGlite 0.3 to 0.5; the old folder is kept at ${backup}.`,
      );
      expect(readFileSync(join(backup, 'PG_VERSION'), 'utf8').trim()).toBe('17');
      expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('18');

      const { db } = database;
      const [productCount] = await db.select({ n: count() }).from(products);
      expect(productCount!.n).toBe(catalogue.length);
      const [order] = await db.select().from(orders).where(eq(orders.id, written.id));
      expect(order).toEqual(written);
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, written.id));
      expect(items.map((item) => [item.sku, item.quantity, item.unitPriceCents])).toEqual([
        ['EG-MUG-ENAMEL', 1, 1900],
      ]);

      // The identity sequence came along: the next order is numbered after the last one.
      const [next] = await db
        .insert(orders)
        .values({ ...PAID_ORDER, email: 'grace@example.com' })
        .returning({ number: orders.number });
      expect(next!.number).toBe(written.number + 1);

      // Migration 0001's pg_trgm came along (no index uses it: api/db/pglite.ts).
      const extensions = (await db.execute(
        sql`select extname from pg_extension where extname = 'pg_trgm'`,
      )) as unknown as { rows: unknown[] };
      expect(extensions.rows).toHaveLength(1);
    } finally {
      await database.close();
    }

    // The next start opens the upgraded folder as it is.
    log.mockClear();
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(log).not.toHaveBeenCalled();
  }, 180_000);

  it('finishes a swap that stopped between its two renames', async () => {
    const dataDir = folder();
    mkdirSync(`${dataDir}.upgraded`, { recursive: true });
    writeFileSync(join(`${dataDir}.upgraded`, 'PG_VERSION'), '18\n');
    expect(await prepareEmbeddedFolder(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dataDir}.upgraded`)).toBe(false);
  });

  it('refuses, in one sentence, a folder from a PostgreSQL it does not know, and leaves it', async () => {
    const dataDir = folder();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), '19\n');
    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(
      `The embedded database in ${dataDir} was written by PostgreSQL 19, which this version of the shop can neither read nor upgrade`,
    );
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('19\n');
  });
});

describe('the embedded database memory settings', () => {
  const shown = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    return result.rows[0]!.shared_buffers;
  };

  it('start with the small-shop default and take PGLITE_SHARED_BUFFERS', async () => {
    const byDefault = await openDatabase();
    try {
      expect(await shown(byDefault)).toBe('16MB');
    } finally {
      await byDefault.close();
    }
    const configured = await openDatabase({ pglite: { sharedBuffers: '8MB' } });
    try {
      expect(await shown(configured)).toBe('8MB');
    } finally {
      await configured.close();
    }
  }, 60_000);
});
