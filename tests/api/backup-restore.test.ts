import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../api/db/client';
import { storeUploadedImage } from '../../api/modules/product/admin/uploads';
import { createBackup } from '../../api/modules/backup/create';
import { codeMigrationLevel } from '../../api/modules/backup/manifest';
import { restoreBackup } from '../../api/modules/backup/restore';
import { useApi } from '../helpers/api';
import { withDatabase } from '../helpers/prepared-db';
import { confirm, enamelLine, guestOrder, mugLine, sandboxToken } from '../helpers/orders';
import { authClient, freshEmail, registerVerified } from './auth-helpers';

/**
 * A shop with orders, accounts and uploaded images backed up (api/modules/backup) and restored
 * into an empty place: the embedded database's into a new data folder, PostgreSQL's (run with
 * DATABASE_URL) into a new database. Rows and files are compared with the shop's own.
 */
const BASE_URL = process.env.DATABASE_URL;
const TABLES = ['orders', 'order_items', 'payments', 'products', 'product_variants', 'users'];

async function query(db: Db, text: string): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(sql.raw(text))) as unknown;
  return Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;
}

const rows = (db: Db, table: string) => query(db, `select * from ${table} order by id`);

async function tablesOf(db: Db) {
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rows(db, t)])));
}

function filesOf(folder: string): Map<string, Buffer> {
  return new Map(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => [relative(folder, path), readFileSync(path)]),
  );
}

/** An empty place to restore into: a data folder, and on PostgreSQL a new database. */
async function emptyTarget() {
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-restored-'));
  if (!BASE_URL) return { dataDir, databaseUrl: undefined, drop: async () => {} };
  const name = `evergreen_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    dataDir,
    databaseUrl: withDatabase(BASE_URL, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: BASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function openRestored(target: { dataDir: string; databaseUrl: string | undefined }) {
  return openDatabase(
    target.databaseUrl
      ? { url: target.databaseUrl, poolSize: 2 }
      : { dataDir: join(target.dataDir, 'db') },
  );
}

describe('backup and restore', () => {
  const api = useApi({ seed: true });
  const shopDir = mkdtempSync(join(tmpdir(), 'evergreen-shop-'));
  const backups = mkdtempSync(join(tmpdir(), 'evergreen-backups-'));
  const cleanups: (() => Promise<void>)[] = [];
  const source = () => ({
    database: api.test.database,
    databaseUrl: api.test.url,
    dataDir: shopDir,
    shopVersion: '0.1.0',
  });

  async function placeOrder(items = [enamelLine(1)]) {
    const { token } = await sandboxToken(api);
    const contact = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: `ada-${randomUUID()}@example.com`,
    };
    return confirm(api, await guestOrder(api, items, token, undefined, contact));
  }

  beforeAll(async () => {
    writeFileSync(join(shopDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: 'x'.repeat(64) }));
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#2f5d3a' },
    })
      .png()
      .toBuffer();
    await storeUploadedImage(shopDir, photo);
    for (const items of [[enamelLine(2)], [mugLine(1), enamelLine(1)], [mugLine(3)]]) {
      const answer = await placeOrder(items);
      expect(answer.status, await answer.clone().text()).toBe(201);
    }
    const client = authClient(api);
    await registerVerified(client, api, freshEmail('backup'));
    await registerVerified(client, api, freshEmail('backup'));
  });

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(shopDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  });

  it('brings back the same orders, stock, accounts, images and secrets', async () => {
    const { file, manifest } = await createBackup(source(), backups);
    expect(manifest.counts).toEqual({ orders: 3, customers: 2, products: expect.any(Number) });
    expect(manifest.migrations).toEqual(codeMigrationLevel());
    const target = await emptyTarget();
    cleanups.push(target.drop);

    const report = await restoreBackup(file, target);
    expect(report.counts).toEqual(manifest.counts);
    expect(report.migrated).toBe(0);

    const restored = await openRestored(target);
    try {
      expect(await tablesOf(restored.db)).toEqual(await tablesOf(api.test.database.db));
    } finally {
      await restored.close();
    }
    const images = filesOf(join(shopDir, 'uploads'));
    expect(images.size).toBeGreaterThan(1);
    expect(filesOf(join(target.dataDir, 'uploads'))).toEqual(images);
    expect(readFileSync(join(target.dataDir, 'secrets.json'))).toEqual(
      readFileSync(join(shopDir, 'secrets.json')),
    );

    // Existing data is never replaced without --force; with it, what was there is set aside.
    await expect(restoreBackup(file, target)).rejects.toThrow(/Not restoring over existing data/);
    const forced = await restoreBackup(file, { ...target, force: true });
    expect(forced.counts).toEqual(manifest.counts);
    if (!target.databaseUrl)
      expect(forced.setAside.some((path) => path.includes('db.before-restore-'))).toBe(true);
  }, 60_000);

  it('taken during a stream of orders, restores a consistent shop', async () => {
    // One order after another (a sandbox card token pays once); the backup starts after the
    // second and runs while the others are placed.
    const statuses: number[] = [];
    let backup: ReturnType<typeof createBackup> | undefined;
    for (let n = 0; n < 12; n += 1) {
      statuses.push((await placeOrder()).status);
      if (n === 1) backup = createBackup(source(), backups, new Date(Date.now() + 1000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { file, manifest } = await backup!;
    expect(statuses).toEqual(statuses.map(() => 201));
    // The snapshot fell inside the stream: some of its orders are in it, not all.
    expect(manifest.counts.orders).toBeGreaterThanOrEqual(3 + 2);
    expect(manifest.counts.orders).toBeLessThan(3 + 12);
    const target = await emptyTarget();
    cleanups.push(target.drop);
    const report = await restoreBackup(file, target);
    expect(report.counts).toEqual(manifest.counts);

    const restored = await openRestored(target);
    try {
      const { db } = restored;
      // Every seeded unit is on the shelf or in an order holding it; each paid order has its lines
      // and its payment.
      const [mug] = await query(
        db,
        `select p.quantity + coalesce((select sum(i.quantity) from order_items i
            join orders o on o.id = i.order_id
           where i.product_id = p.id
             and o.shipping_status in ('pending_payment', 'unfulfilled')), 0) as total
          from products p where p.slug = 'campfire-enamel-mug'`,
      );
      expect(Number(mug!.total)).toBe(40);
      const orphans = await query(
        db,
        `select o.id from orders o where o.shipping_status = 'unfulfilled'
           and (not exists (select 1 from order_items i where i.order_id = o.id)
             or not exists (select 1 from payments p where p.order_id = o.id))`,
      );
      expect(orphans).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses an archive from a newer version, before writing anything', async () => {
    const { db } = api.test.database;
    const level = codeMigrationLevel();
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${level.last + 1000})`,
    );
    try {
      const { file, manifest } = await createBackup(source(), backups, new Date(Date.now() + 2000));
      expect(manifest.migrations.count).toBe(level.count + 1);
      const target = await emptyTarget();
      cleanups.push(target.drop);
      await expect(restoreBackup(file, target)).rejects.toThrow(
        `This backup comes from a newer version of the shop (${level.count + 1} database migrations; this version has ${level.count}).`,
      );
      expect(readdirSync(target.dataDir)).toEqual([]);
    } finally {
      await db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`,
      );
    }
  }, 60_000);
});
