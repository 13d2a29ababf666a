import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { migrateUpTo } from '../helpers/migrate-to';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Migration 0031 (issue 35): products and order lines written before kinds existed learn what they
 * are from the category names that decided it until then, and each taxed line gets its share of
 * its order's tax, the shares adding up to the order's tax to the cent.
 */
describe.skipIf(process.env.DATABASE_URL)('migrating to product kinds', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase();
    await migrateUpTo(database, '0030_gift_cards');
    await database.db.execute(sql`
      insert into products (id, slug, title, sku, category) values
        ('00000000-0000-4000-8000-000000000001', 'mug', 'Mug', 'MUG', 'Kitchen'),
        ('00000000-0000-4000-8000-000000000002', 'photo', 'Photo', 'PHOTO', 'Digital'),
        ('00000000-0000-4000-8000-000000000003', 'card', 'Gift card', 'CARD', 'Gift Cards')`);
    // One order at 10.35 % whose tax (rounded once, on the taxed lines' sum) does not split evenly:
    // 3 × $19.99 + $7.33 + $12.01 = $79.31 taxed → $8.21; a $50 gift card beside them is not taxed.
    await database.db.execute(sql`
      insert into orders (id, is_guest, email, firstname, lastname, billing_address,
        accepted_return_policy, subtotal_cents, tax_rate, tax_cents, total_cents, payment_status)
      values ('00000000-0000-4000-8000-0000000000aa', true, 'a@example.com', 'A', 'B',
        '{"line1":"1 Main St","line2":"","city":"Seattle","state":"WA","zipcode":"98101"}',
        true, 12931, 0.1035, 821, 13752, 'paid')`);
    await database.db.execute(sql`
      insert into order_items (order_id, position, sku, title, category, supplier, quantity, unit_price_cents)
      values
        ('00000000-0000-4000-8000-0000000000aa', 0, 'MUG', 'Mug', 'Kitchen', 'warehouse', 3, 1999),
        ('00000000-0000-4000-8000-0000000000aa', 1, 'PHOTO', 'Photo', 'digital', 'warehouse', 1, 733),
        ('00000000-0000-4000-8000-0000000000aa', 2, 'MUG2', 'Mug 2', 'Kitchen', 'warehouse', 1, 1201),
        ('00000000-0000-4000-8000-0000000000aa', 3, 'CARD', 'Gift card', 'Gift Cards', 'warehouse', 1, 5000)`);
    await migrateDatabase(database);
  }, 60_000);

  afterAll(() => database?.close());

  it('gives each product its kind and tax class from the category that decided it', async () => {
    const rows = await rowsOf<{ sku: string; kind: string; tax_class: string }>(
      database,
      sql`select sku, kind, tax_class from products order by sku`,
    );
    expect(rows).toEqual([
      { sku: 'CARD', kind: 'gift_card', tax_class: 'exempt' },
      { sku: 'MUG', kind: 'goods', tax_class: 'standard' },
      { sku: 'PHOTO', kind: 'digital', tax_class: 'standard' },
    ]);
  });

  it("splits each order's tax over its taxed lines to the cent", async () => {
    const lines = await rowsOf<{ sku: string; kind: string; tax_class: string; tax_cents: number }>(
      database,
      sql`select sku, kind, tax_class, tax_cents from order_items order by position`,
    );
    expect(lines.map(({ sku, kind, tax_class }) => [sku, kind, tax_class])).toEqual([
      ['MUG', 'goods', 'standard'],
      ['PHOTO', 'digital', 'standard'],
      ['MUG2', 'goods', 'standard'],
      ['CARD', 'gift_card', 'exempt'],
    ]);
    // 5997 × 0.1035 = 620.69, 733 × 0.1035 = 75.87, 1201 × 0.1035 = 124.30: 620 + 75 + 124 = 819
    // rounded down, and the 2 cents left go to the largest fractions (75.87, then 620.69).
    expect(lines.map((line) => line.tax_cents)).toEqual([621, 76, 124, 0]);
    expect(lines.reduce((sum, line) => sum + line.tax_cents, 0)).toBe(821);
  });
});
