import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { placeGuestOrder } from '../helpers/http-orders';
import { enamelLine, SEATTLE } from '../helpers/orders';
import { spawnServer, type Spawned } from '../helpers/spawned-server';

/**
 * A lost database connection fails a request, never the process (issue 36 row 1): the test ends
 * the server's own backends with pg_terminate_backend, once while a checkout's transaction waits
 * on a lock the test holds and once while they sit idle in the pool. The blocked checkout answers
 * 503 with Retry-After, and the same process goes on answering. PostgreSQL only.
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(process.env.DATABASE_URL))('a lost database connection', () => {
  let test: TestDatabase;
  let server: Spawned;
  let admin: pg.Client;

  beforeAll(async () => {
    test = await createTestDatabase({ seed: true });
    // Enough mugs for every checkout of the load below.
    await test.database.db.execute(
      sql`update products set quantity = 100000 where sku = 'EG-MUG-ENAMEL'`,
    );
    server = await spawnServer('tests/api/harness/stopping-server.ts', {
      DATABASE_URL: test.url!,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-lost-')),
    });
    admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await admin?.end();
    await test?.cleanup();
  });

  /** Ends every backend of this database but the test's own; answers how many. */
  async function terminateServerBackends(): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.length;
  }

  const api = () => `${server.origin}/api`;

  /**
   * A guest checkout step by step; answers the first status that is not a success (a 503 must
   * carry Retry-After, else this answers 0), or the confirmation's.
   */
  async function checkout(): Promise<number> {
    const post = async (path: string, body: unknown) => {
      const answer = await fetch(`${api()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
      const retry = answer.headers.get('retry-after');
      const status = answer.status === 503 && !retry ? 0 : answer.status;
      return { status, body: (await answer.json()) as Record<string, unknown> };
    };
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
    const token = await post('/payments/sandbox/tokens', card);
    if (token.status >= 300) return token.status;
    const items = [enamelLine(1)];
    const quote = await post('/orders/quote', { items, shippingAddress: SEATTLE });
    if (quote.status >= 300) return quote.status;
    const email = `ada-${crypto.randomUUID()}@example.com`;
    const order = await post('/orders/orderconfirmation', {
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
      billingInfo: { paymentMethodId: token.body.token },
      items,
      subtotal: quote.body.subtotal,
      salesTax: quote.body.salesTax,
      total: quote.body.total,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: { firstname: 'Ada', lastname: 'Lovelace', email },
    });
    return order.status;
  }

  it('answers 503 with Retry-After for a checkout whose transaction lost its connection', async () => {
    expect((await placeGuestOrder(api())).status).toBe(201);
    await admin.query('begin');
    await admin.query('lock table orders in access exclusive mode');
    const blocked = placeGuestOrder(api());
    // The checkout's transaction is waiting on the lock: its connection is checked out.
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await admin.query(
        `select 1 from pg_stat_activity where datname = current_database()
          and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (rows.length > 0) break;
      await wait(100);
    }
    expect(await terminateServerBackends()).toBeGreaterThan(0);
    await admin.query('rollback');
    const answer = await blocked;
    expect(answer.status).toBe(503);
    // The pool drops the terminated connections as their ends arrive, then opens new ones.
    await wait(300);
    const raw = await fetch(`${api()}/health`);
    expect(server.child.exitCode).toBeNull();
    expect(raw.status).toBe(200);
    expect((await placeGuestOrder(api())).status).toBe(201);
  }, 60_000);

  it('survives backends terminated while idle in a transaction, under checkouts', async () => {
    let running = true;
    const statuses: number[] = [];
    const shopper = async () => {
      while (running) statuses.push(await checkout().catch(() => 0));
    };
    const shoppers = Array.from({ length: 4 }, shopper);
    let terminated = 0;
    const until = Date.now() + 6_000;
    while (Date.now() < until && server.child.exitCode === null) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and state in ('idle in transaction', 'active')`,
      );
      terminated += rows.length;
      await wait(20);
    }
    running = false;
    await Promise.all(shoppers);
    expect(terminated).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(statuses.filter((status) => ![201, 503].includes(status))).toEqual([]);
    expect(statuses).toContain(201);
    await wait(300);
    expect((await placeGuestOrder(api())).status).toBe(201);
  }, 60_000);

  it('keeps serving after its idle connections are terminated, again and again', async () => {
    for (let round = 0; round < 3; round++) {
      await terminateServerBackends();
      await wait(200);
      expect(server.child.exitCode).toBeNull();
      const health = await fetch(`${api()}/health`);
      expect([200, 503]).toContain(health.status);
      if (health.status === 503) expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    await wait(300);
    expect((await fetch(`${api()}/health`)).status).toBe(200);
    expect((await placeGuestOrder(api())).status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('answers Retry-After on a 503 of a request that met the loss', async () => {
    await admin.query('begin');
    await admin.query('lock table orders in access exclusive mode');
    const blocked = fetch(`${api()}/orders/orderconfirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: '{}',
    });
    await wait(300);
    await terminateServerBackends();
    await admin.query('rollback');
    const answer = await blocked;
    expect(answer.status).not.toBe(500);
    if (answer.status === 503) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
