import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { migrateUpTo } from '../helpers/migrate-to';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CARD = ID(900);
const BILLING = '{"line1":"1 Main St","line2":"","city":"Seattle","state":"WA","zipcode":"98101"}';

/** An order as 0031 wrote it: subtotal, tax, total and what a gift card paid of it. */
async function order(
  database: Database,
  n: number,
  totalCents: number,
  giftCardCents: number,
  paymentStatus: string,
) {
  await database.db.execute(sql`
    insert into orders (id, is_guest, email, firstname, lastname, billing_address,
      accepted_return_policy, subtotal_cents, tax_rate, tax_cents, total_cents, gift_card_cents,
      payment_status, shipping_status)
    values (${ID(n)}, true, 'a@example.com', 'A', 'B', ${BILLING}::jsonb, true, ${totalCents}, 0, 0,
      ${totalCents}, ${giftCardCents}, ${paymentStatus},
      ${paymentStatus === 'refunded' ? 'canceled' : paymentStatus === 'failed' ? 'payment_failed' : 'unfulfilled'})`);
}

async function charge(database: Database, n: number, amountCents: number, status = 'paid') {
  await database.db.execute(sql`
    insert into payments (order_id, provider, reference, idempotency_key, amount_cents, status,
      brand, last4, exp_month, exp_year)
    values (${ID(n)}, 'sandbox', ${amountCents === 0 ? `giftcard-${ID(n)}` : `ch_${n}`},
      ${`order-${ID(n)}`}, ${amountCents}, ${status},
      ${amountCents === 0 ? 'Gift card' : 'visa'}, ${amountCents === 0 ? '5R64' : '4242'},
      ${amountCents === 0 ? 0 : 12}, ${amountCents === 0 ? 0 : 2030})`);
}

async function redeemed(database: Database, n: number, amountCents: number) {
  await database.db.execute(sql`
    insert into gift_card_ledger (gift_card_id, kind, amount_cents, order_id)
    values (${CARD}, 'redemption', ${-amountCents}, ${ID(n)})`);
}

/**
 * Migration 0032 (issue 35): every existing order's payments become rows, figures unchanged: the
 * card charge stays, what a gift card paid becomes a `gift_card` payment on the card it came from,
 * the fake $0 "charge" of an order a gift card paid in full goes, and each refund is split into its
 * gift card's part and its card's part.
 */
describe.skipIf(process.env.DATABASE_URL)('migrating to order payments', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase();
    await migrateUpTo(database, '0032_order_recovery');
    await database.db.execute(sql`
      insert into gift_cards (id, code_hash, last4, initial_cents, buyer_name, buyer_email,
        recipient_name, recipient_email, deliver_on, delivered_at)
      values (${CARD}, 'hash', '5R64', 50000, 'A B', 'a@example.com', 'C D', 'c@example.com',
        '2026-01-01', now())`);
    // 1: the card alone. 2: $100 gift card + $58.90 card. 3: the gift card alone ($25).
    await order(database, 1, 4000, 0, 'paid');
    await charge(database, 1, 4000);
    await order(database, 2, 15890, 10000, 'paid');
    await redeemed(database, 2, 10000);
    await charge(database, 2, 5890);
    await order(database, 3, 2500, 2500, 'paid');
    await redeemed(database, 3, 2500);
    await charge(database, 3, 0);
    // 4: $30 gift card + $20 card, canceled: both given back in one recorded refund.
    await order(database, 4, 5000, 3000, 'refunded');
    await redeemed(database, 4, 3000);
    await charge(database, 4, 2000, 'refunded');
    await database.db.execute(sql`
      insert into order_refunds (order_id, idempotency_key, amount_cents, gift_card_cents, lines,
        status, gateway_reference, actor_email)
      values (${ID(4)}, 'cancel-4', 5000, 3000, '[]'::jsonb, 'succeeded', 're_4', 'a@example.com')`);
    // 5: its card declined; the gift card's $10 went back then: no payment at all.
    await order(database, 5, 3000, 1000, 'failed');
    await migrateDatabase(database);
  }, 60_000);

  afterAll(() => database?.close());

  it('makes each instrument a payment of its own, summing to what was paid', async () => {
    const rows = await rowsOf<{
      order_id: string;
      method: string;
      amount_cents: number;
      status: string;
      last4: string | null;
      gift_card_id: string | null;
    }>(
      database,
      sql`select order_id, method, amount_cents, status, last4, gift_card_id from payments
          order by order_id, method <> 'gift_card', created_at`,
    );
    const of = (n: number) =>
      rows
        .filter((row) => row.order_id === ID(n))
        .map(({ method, amount_cents, status, last4, gift_card_id }) => ({
          method,
          amount_cents,
          status,
          last4,
          card: gift_card_id === CARD,
        }));
    const visa = (amount_cents: number, status = 'paid') => ({
      method: 'sandbox',
      amount_cents,
      status,
      last4: '4242',
      card: false,
    });
    const giftCard = (amount_cents: number, status = 'paid') => ({
      method: 'gift_card',
      amount_cents,
      status,
      last4: '5R64',
      card: true,
    });
    expect(of(1)).toEqual([visa(4000)]);
    expect(of(2)).toEqual([giftCard(10000), visa(5890)]);
    expect(of(3)).toEqual([giftCard(2500)]);
    expect(of(4)).toEqual([giftCard(3000, 'refunded'), visa(2000, 'refunded')]);
    expect(of(5)).toEqual([]);
    const totals = await rowsOf<{ id: string; total_cents: number; paid: number }>(
      database,
      sql`select o.id, o.total_cents, coalesce(sum(p.amount_cents), 0)::int as paid
          from orders o left join payments p on p.order_id = o.id
          where o.payment_status <> 'failed' group by o.id`,
    );
    for (const row of totals) expect(row.paid).toBe(row.total_cents);
  });

  it("splits each recorded refund into the gift card's part and the card's part", async () => {
    const parts = await rowsOf<{
      method: string;
      amount_cents: number;
      reference: string | null;
      status: string;
    }>(
      database,
      sql`select p.method, r.amount_cents, r.reference, r.status from payment_refunds r
          join payments p on p.id = r.payment_id order by p.method <> 'gift_card'`,
    );
    expect(parts).toEqual([
      { method: 'gift_card', amount_cents: 3000, reference: null, status: 'succeeded' },
      { method: 'sandbox', amount_cents: 2000, reference: 're_4', status: 'succeeded' },
    ]);
  });
});
