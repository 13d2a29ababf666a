// npm run bench:follow — how long a stock change made through one server process takes to be
// served by another on the same PostgreSQL database (LISTEN/NOTIFY into each process's read
// model). Two process servers (tests/helpers/process-server.ts) on a database this creates and
// drops (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); BENCH_CHANGES
// changes (default 20), each timed until the other process answers with it. Target: every change
// seen within a second. tests/api/multi-process.test.ts proves the behaviour without a clock.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../api/db/client';

import { seedCatalogue } from '../api/seed';
import { seedProductId } from '../api/db/seed';
import { ownerAccessToken } from '../tests/helpers/owner-token';
import { startServer } from './lib';

const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const changes = Number(process.env.BENCH_CHANGES ?? 20);
const SECRET = 'bench-follow-secret-bench-follow-secret-012';
const SITE = 'http://127.0.0.1:4999';
const name = `evergreen_follow_${randomBytes(6).toString('hex')}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

await admin(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 2 });
try {
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  const token = await ownerAccessToken(database.db, SECRET, SITE);
  const env = { DATABASE_URL: url.toString(), JWT_SECRET: SECRET, PUBLIC_SITE_URL: SITE };
  const args = ['--import', 'tsx', 'tests/helpers/process-server.ts'];
  const [a, b] = [await startServer('node', args, env), await startServer('node', args, env)];
  try {
    const id = seedProductId('campfire-enamel-mug');
    const quantityAt = async (base: string) => {
      const response = await fetch(`${base}/api/product/detail/${id}`);
      return ((await response.json()) as { quantity: number }).quantity;
    };
    const timings: number[] = [];
    let quantity = await quantityAt(b.url);
    for (let n = 0; n < changes; n += 1) {
      quantity += 1;
      const changed = await fetch(`${a.url}/api/admin/products/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sku: 'EG-MUG-ENAMEL', quantity }),
      });
      if (changed.status !== 200) throw new Error(`stock change answered ${changed.status}`);
      const changedAt = performance.now();
      while ((await quantityAt(b.url)) !== quantity) {
        if (performance.now() - changedAt > 10_000) throw new Error('change never seen');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      timings.push(performance.now() - changedAt);
    }
    timings.sort((x, y) => x - y);
    const at = (share: number) =>
      timings[Math.min(timings.length - 1, Math.floor(share * timings.length))]!;
    console.log(
      `${changes} stock changes through one process, seen by the other: p50 ${at(0.5).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
    );
    const met = at(1) < 1_000;
    console.log(
      met ? 'target met (every change within 1 s)' : 'TARGET MISSED (a change took 1 s or more)',
    );
    if (!met) process.exitCode = 1;
  } finally {
    await a.stop();
    await b.stop();
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
