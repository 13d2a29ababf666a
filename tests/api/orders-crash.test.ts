import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { orders, outbox, products, sandboxCharges } from '../../api/db/schema';
import { seedCatalogue } from '../../api/seed';
import { seedProductId } from '../../api/db/seed';
import { CRASH_STEPS, type CrashStep } from '../../api/modules/orders/faults';
import { freePort } from '../helpers/free-port';
import { GUEST, SEATTLE } from '../helpers/orders';
import { nodeEntry } from '../helpers/node-entry';

/**
 * The order flow killed with SIGKILL after each of its steps (a fault the test harness injects:
 * tests/api/harness/crash-server.ts), restarted, and settled by the recovery job at start-up: every
 * unit is in a paid order or back on the shelf, no charge is without its order, and each paid
 * order's emails are queued once. PostgreSQL only: the server is a separate process sharing the
 * database with the test.
 */
const BASE_URL = process.env.DATABASE_URL;
const SLUG = 'campfire-enamel-mug';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

describe.runIf(Boolean(BASE_URL))('an order process killed at each step', () => {
  const name = `evergreen_crash_${randomBytes(6).toString('hex')}`;
  let url: string;
  let database: Database;
  let initialStock: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-crash-'));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = withDatabase(BASE_URL!, name);
    database = await openDatabase({ url, poolSize: 4 });
    await migrateDatabase(database);
    await seedCatalogue(database.db);
    initialStock = (await stock())!;
  });

  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function stock() {
    const [row] = await database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, seedProductId(SLUG)));
    return row?.quantity;
  }

  /** The orders server, or with `crashAt` the harness that kills it after that step. */
  async function start(
    env: Record<string, string>,
    crashAt?: CrashStep,
  ): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const entry = crashAt
      ? ['tests/api/harness/crash-server.ts', crashAt]
      : ['tests/helpers/orders-server.ts'];
    const child = spawn(process.execPath, [...(await nodeEntry(entry[0]!)), ...entry.slice(1)], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
        PAYMENT_PROVIDER: 'sandbox',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    });
    return { child, base: `http://127.0.0.1:${port}/api` };
  }

  const exited = (child: ChildProcess) =>
    new Promise<NodeJS.Signals | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
      else child.once('exit', (_code, signal) => resolve(signal));
    });

  async function post(base: string, path: string, body: unknown, key?: string) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function orderBody(base: string, token: string) {
    const items = [
      {
        _id: seedProductId(SLUG),
        title: 'Campfire Enamel Mug',
        sku: 'EG-MUG-ENAMEL',
        quantity: 2,
        price: 19,
      },
    ];
    const quote = await (
      await post(base, '/orders/quote', { items, shippingAddress: SEATTLE })
    ).json();
    return {
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
      billingInfo: { paymentMethodId: token },
      items,
      subtotal: quote.subtotal,
      salesTax: quote.salesTax,
      total: quote.total,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: GUEST,
    };
  }

  async function token(base: string) {
    const response = await post(base, '/payments/sandbox/tokens', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    });
    return ((await response.json()) as { token: string }).token;
  }

  async function settledPending() {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const pending = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.shippingStatus, 'pending_payment'));
      if (pending.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('pending orders were not recovered');
  }

  async function checkInvariants() {
    const { db } = database;
    const paid = await db
      .select()
      .from(orders)
      .where(inArray(orders.shippingStatus, ['unfulfilled', 'shipped', 'delivered']));
    const pending = await db
      .select()
      .from(orders)
      .where(eq(orders.shippingStatus, 'pending_payment'));
    expect(pending).toEqual([]);
    // Every unit is in a paid order or back on the shelf (each order is 2 mugs).
    expect(await stock()).toBe(initialStock - 2 * paid.length);
    // No charge without its paid order.
    const charged = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.outcome, 'paid'));
    const paidKeys = new Set(paid.map((order) => order.chargeKey));
    for (const charge of charged) {
      expect(charge.refunded || paidKeys.has(charge.idempotencyKey)).toBe(true);
    }
    expect(charged.filter((charge) => !charge.refunded)).toHaveLength(paid.length);
    // Each paid order's emails queued exactly once.
    for (const order of paid) {
      for (const kind of ['order.confirmed', 'order.received']) {
        const mail = await db
          .select({ id: outbox.id, kind: outbox.kind })
          .from(outbox)
          .where(like(outbox.text, `%${order.number}%`));
        expect(mail.filter((row) => row.kind === kind)).toHaveLength(1);
      }
    }
  }

  it.each(CRASH_STEPS.map((step) => [step]))(
    'after "%s": a restart settles the order; a retry with the key answers once',
    async (step: CrashStep) => {
      const crashing = await start({}, step);
      const key = `crash-${step}-${randomUUID()}`;
      const body = await orderBody(crashing.base, await token(crashing.base));
      const answer = await post(crashing.base, '/orders/orderconfirmation', body, key).catch(
        (error: unknown) => error,
      );
      expect(answer).toBeInstanceOf(Error); // the connection died with the process
      expect(await exited(crashing.child)).toBe('SIGKILL');

      // Restart with recovery settling any pending order at once.
      const restarted = await start({ ORDER_RECOVERY_AFTER_SECONDS: '0' });
      try {
        await settledPending();
        await checkInvariants();
        if (step !== 'claimed') {
          // The key now has its answer (paid), or was let go with the stock (abandoned).
          // (After "order-written" nothing was charged: the retry places a new order.)
          const retry = await post(restarted.base, '/orders/orderconfirmation', body, key);
          expect(retry.status).toBe(201);
          await checkInvariants();
        }
      } finally {
        restarted.child.kill('SIGTERM');
        await exited(restarted.child);
      }
    },
    60_000,
  );
});
