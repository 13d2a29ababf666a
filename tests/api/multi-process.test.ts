import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { outbox } from '../../api/db/schema';
import { seedCatalogue } from '../../api/seed';
import { seedProductId } from '../../api/db/seed';
import { ownerAccessToken } from '../helpers/owner-token';
import { freePort } from '../helpers/free-port';
import { nodeEntry } from '../helpers/node-entry';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: queued mail is
 * delivered exactly once between them (FOR UPDATE SKIP LOCKED), a stock change made through one is
 * served by the other (LISTEN/NOTIFY; how soon is `npm run bench:follow`), and the scheduled jobs
 * run in one of them at a time (an advisory lock). PostgreSQL only.
 */
const BASE_URL = process.env.DATABASE_URL;
const SITE = 'http://127.0.0.1:4999';
const SECRET = 'multi-process-secret-multi-process-0123456';
const MAILS = 200;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

interface Process {
  child: ChildProcess;
  base: string;
  lines: string[];
}

describe.runIf(Boolean(BASE_URL))('two server processes on one PostgreSQL', () => {
  const name = `evergreen_multi_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-multi-'));
  const received: { messageId: string; from: string }[] = [];
  let url: string;
  let database: Database;
  let smtp: SMTPServer;
  let smtpPort: number;
  const processes: Process[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = withDatabase(BASE_URL!, name);
    database = await openDatabase({ url, poolSize: 4 });
    await migrateDatabase(database);
    await seedCatalogue(database.db);

    smtpPort = await freePort();
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            messageId: /^X-Test-Id: (\S+)/m.exec(raw)?.[1] ?? /^Subject: (.*)$/m.exec(raw)![1]!,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));

    for (const label of ['a', 'b']) processes.push(await start(label));
  }, 120_000);

  afterAll(async () => {
    for (const { child } of processes) {
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode === null ? child.once('exit', resolve) : resolve(0),
      );
    }
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database?.close();
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function start(label: string): Promise<Process> {
    const port = await freePort();
    const lines: string[] = [];
    // Each round of scheduled jobs keeps its lock 600 ms more (injected by the harness).
    const entry = ['tests/api/harness/held-jobs-server.ts', '600'];
    const child = spawn(process.execPath, [...(await nodeEntry(entry[0]!)), ...entry.slice(1)], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        PUBLIC_SITE_URL: SITE,
        PAYMENT_PROVIDER: 'sandbox',
        LOG_LEVEL: 'debug',
        PORT: String(port),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: `Evergreen <${label}@evergreen.test>`,
        SCHEDULED_JOBS_EVERY_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        for (const line of parts) {
          lines.push(line);
          if (line === 'listening') resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`server ${label} exited early (${code})`)));
    });
    return { child, base: `http://127.0.0.1:${port}/api`, lines };
  }

  it('delivers 200 queued emails exactly once between them', async () => {
    await database.db.insert(outbox).values(
      Array.from({ length: MAILS }, (_, n) => ({
        kind: 'test.bulk',
        to: `reader${n}@example.com`,
        subject: `bulk-${n}`,
        text: `Message ${n}`,
      })),
    );
    const deadline = Date.now() + 60_000;
    while (received.length < MAILS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A moment more, so a second delivery of anything would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const subjects = received.map((mail) => mail.messageId).filter((id) => id.startsWith('bulk-'));
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    const rows = await database.db.select({ status: outbox.status }).from(outbox);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(MAILS);
    const senders = new Set(received.map((mail) => mail.from));
    console.log(
      `200 emails: ${[...senders].map((from) => `${received.filter((m) => m.from === from).length} from ${from}`).join(', ')}`,
    );
  }, 90_000);

  let ownerToken: Promise<string> | undefined;
  const owner = () => (ownerToken ??= ownerAccessToken(database.db, SECRET, SITE));

  it('serves a stock change made through one process from the other', async () => {
    const [a, b] = processes as [Process, Process];
    const token = await owner();
    const id = seedProductId('campfire-enamel-mug');
    const quantityAt = async (base: string) => {
      const response = await fetch(`${base}/product/detail/${id}`);
      return ((await response.json()) as { quantity: number }).quantity;
    };
    // Both processes have the catalogue in memory before the change.
    const before = await quantityAt(b.base);
    expect(await quantityAt(a.base)).toBe(before);
    const target = before + 17;
    const changed = await fetch(`${a.base}/admin/products/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ sku: 'EG-MUG-ENAMEL', quantity: target }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    // The other process answers with the new figure once the notification reaches it; the test's
    // time limit ends the wait if it never does.
    while ((await quantityAt(b.base)) !== target) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await quantityAt(b.base)).toBe(target);
  }, 30_000);

  it('sends one back-in-stock email when both processes restock the item at once', async () => {
    const [a, b] = processes as [Process, Process];
    const token = await owner();
    const email = 'waiting.race@example.com';
    const subject = 'Back in stock: Ferry Deck Plaid Picnic Blanket';
    const asked = await fetch(`${a.base}/restock-alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: seedProductId('ferry-plaid-picnic-blanket'), email }),
    });
    expect(asked.status, await asked.clone().text()).toBe(202);
    // The address confirms first (issue 36): the link of its one confirmation email.
    const [confirmation] = await database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'restock.requested')));
    const t = confirmation!.text.match(/\/confirm-waiting\?t=([\w.-]+)/)![1]!;
    const confirmed = await fetch(`${a.base}/restock-alerts/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t }),
    });
    expect(confirmed.status).toBe(200);
    const restock = (base: string, quantity: number) =>
      fetch(`${base}/admin/products/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sku: 'EG-BLANKET-PICNIC', quantity }),
      });
    const answers = await Promise.all([restock(a.base, 4), restock(b.base, 6)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const delivered = () => received.filter((mail) => mail.messageId === subject).length;
    while (delivered() === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    // A moment more, so a second email would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(delivered()).toBe(1);
    const queued = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'restock.back')));
    expect(queued).toHaveLength(1);
  }, 30_000);

  it('runs the scheduled jobs in one process at a time', async () => {
    // Each process tries a round every second and holds the lock 600 ms, both since the start of
    // the file: read their rounds once at least four have run and one found the lock taken (the
    // test's time limit ends the wait if that never happens).
    const rounds = () =>
      processes.flatMap((process, index) =>
        process.lines
          .filter((line) => line.includes('"scheduled jobs"'))
          .map((line) => ({
            ...(JSON.parse(line) as { ran: boolean; startedAt: number; finishedAt: number }),
            index,
          })),
      );
    let seen = rounds();
    while (seen.filter((round) => round.ran).length < 4 || seen.every((round) => round.ran)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = rounds();
    }
    const ran = seen.filter((round) => round.ran).sort((x, y) => x.startedAt - y.startedAt);
    const skipped = seen.filter((round) => !round.ran);
    expect(ran.length).toBeGreaterThanOrEqual(4);
    // Somebody found the lock taken: both were trying.
    expect(skipped.length).toBeGreaterThan(0);
    for (let n = 1; n < ran.length; n += 1) {
      // Logged from the lock taken to just before it is let go (api/modules/jobs/index.ts).
      expect(ran[n]!.startedAt).toBeGreaterThanOrEqual(ran[n - 1]!.finishedAt);
    }
  }, 30_000);
});
