import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { openDatabase, type Database } from '../../api/db/client';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { MESSAGES } from '../../api/lib/errors';
import { useApi } from '../helpers/api';

/**
 * Issue 36 row 3 on PostgreSQL: a database that stops answering (stopped with SIGSTOP, or cut off
 * by a partition) cannot hold a request for ever. The server's own statement_timeout cannot help
 * there (its cancel never arrives), so node-postgres's query_timeout, a little above it, fails the
 * query: the request answers 503 with Retry-After, and once the database answers again so does
 * the shop. The database is "stopped" by a proxy between the shop and PostgreSQL that stops
 * passing bytes on, in both directions, without closing anything.
 */

interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

async function freezableProxy(host: string, port: number): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      if (frozen) from.pause();
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(Boolean(process.env.DATABASE_URL))('a database that stops answering', () => {
  const api = useApi({ seed: true });
  let proxy: FreezableProxy;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    const target = new URL(api.test.url!);
    proxy = await freezableProxy(target.hostname, Number(target.port || 5432));
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    // A request's limits, scaled down: the statement limit, and the wait a little above it.
    database = await openDatabase({
      url: through.toString(),
      poolSize: 1,
      timeouts: { statementMs: 1_000, idleInTransactionMs: 5_000, queryMs: 1_500 },
    });
    app = createApp({ database });
  });
  afterAll(async () => {
    proxy.thaw();
    await database?.close();
    await proxy?.close();
  });

  let ipCount = 0;
  const call = (path: string, body: unknown) =>
    app.handle(
      new Request(`http://localhost/api${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CLIENT_IP_HEADER]: `198.51.100.${(ipCount += 1)}`,
        },
        body: JSON.stringify(body),
      }),
    );
  const logIn = () =>
    call('/auth/login', { username: 'nobody@example.com', password: 'not the right password' });
  const waitFor = () =>
    call('/restock-alerts', {
      productId: seedProductId('ferry-plaid-picnic-blanket'),
      email: `frozen.${ipCount}@example.com`,
    });

  it('answers 503 with Retry-After after the query timeout, then serves again', async () => {
    expect((await logIn()).status).toBe(401); // the pool's one connection is open and idle
    const [before] = (
      (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows;

    proxy.freeze();
    for (const request of [logIn, waitFor]) {
      const started = Date.now();
      const answer = await request();
      const took = Date.now() - started;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await answer.json()).toEqual({ error: MESSAGES.unavailable });
      // Not for ever: the 1.5 s wait (a fresh connection would meet the 5 s connect timeout).
      expect(took).toBeGreaterThanOrEqual(1_400);
      expect(took).toBeLessThan(7_000);
    }

    proxy.thaw();
    expect((await logIn()).status).toBe(401);
    expect((await waitFor()).status).toBe(202);
    // The connection that timed out was dropped, not handed back still waiting: a new one serves.
    const [after] = (
      (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows;
    expect(after!.pid).not.toBe(before!.pid);
  }, 30_000);
});
