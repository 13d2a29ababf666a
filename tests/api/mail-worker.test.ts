import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../api/db/schema';
import { enqueueMail } from '../../api/modules/mail/outbox';
import { notifyMailQueued } from '../../api/modules/mail/signal';
import { orderConfirmationEmail } from '../../api/modules/mail/templates';
import { fileTransport, type MailTransport } from '../../api/modules/mail/transport';
import { createOutboxWorker, defaultBackoff } from '../../api/modules/mail/worker';
import { useApi } from '../helpers/api';
import { CEDAR_MUGS, SAMPLE_SHOP, sampleOrderEmail } from '../helpers/mail-samples';
// Kinds no email of the shop has: the worker and the outbox take any row the same way.
import type { MailKind } from '../../api/modules/mail/kinds';

const shop = SAMPLE_SHOP;
const order = sampleOrderEmail([CEDAR_MUGS]);

describe('the outbox worker', () => {
  const api = useApi();
  const folder = mkdtempSync(join(tmpdir(), 'evergreen-mail-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes each message as an .eml file by default, once', async () => {
    const { db } = api.test.database;
    const { subject, text, html } = await orderConfirmationEmail(order, shop);
    const id = await enqueueMail(db, {
      kind: 'order.confirmed',
      to: 'ada@example.com',
      subject,
      text,
      html,
    });
    const worker = createOutboxWorker({
      db,
      transport: fileTransport(folder),
      from: 'Evergreen <shop@evergreen.example>',
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await worker.stop();

    const files = readdirSync(folder).filter((name) => name.includes(id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/order\.confirmed/);
    const eml = readFileSync(join(folder, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Your Evergreen order 1042 is confirmed');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain(`Message-ID: <${id}@evergreen.example>`);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a row delivered again (its mark as sent lost with the connection) replaces its one file, with the same Message-ID', async () => {
    const { db } = api.test.database;
    const id = await enqueueMail(db, {
      kind: 'order.confirmed',
      to: 'grace@example.com',
      subject: 'Twice',
      text: 'The same row, delivered twice.',
    });
    const worker = createOutboxWorker({
      db,
      transport: fileTransport(folder),
      from: 'Evergreen <shop@evergreen.example>',
    });
    const delivered = () => readdirSync(folder).filter((name) => name.includes(id));
    const messageId = () =>
      /^Message-ID: (.+)$/m.exec(readFileSync(join(folder, delivered()[0]!), 'utf8'))?.[1];
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(delivered()).toHaveLength(1);
    const first = messageId();
    // As if the connection dropped after the file was written, before the row was marked sent:
    // the row is pending again and its lease is over.
    await db
      .update(outbox)
      .set({ status: 'pending', sentAt: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    await worker.stop();
    expect(delivered()).toHaveLength(1);
    expect(messageId()).toBe(`<${id}@evergreen.example>`);
    expect(messageId()).toBe(first);
  });

  it('backs off after a failure and gives up after the last attempt', async () => {
    const { db } = api.test.database;
    const id = await enqueueMail(db, {
      kind: 'test.failing' as MailKind,
      to: 'x@example.com',
      subject: 's',
      text: 't',
    });
    let calls = 0;
    const broken: MailTransport = {
      name: 'smtp',
      send: async () => {
        calls += 1;
        throw new Error('421 try again later');
      },
      close: () => {},
    };
    const slow = createOutboxWorker({
      db,
      transport: broken,
      from: 'a@b.c',
      backoffMs: () => 60_000,
    });
    expect(await slow.runOnce()).toMatchObject({ retrying: 1 });
    // Not due again for a minute: nothing is tried.
    expect(await slow.runOnce()).toMatchObject({ retrying: 0 });
    expect(calls).toBe(1);
    let [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    const eager = createOutboxWorker({
      db,
      transport: broken,
      from: 'a@b.c',
      backoffMs: () => 0,
      maxAttempts: 3,
    });
    await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id));
    expect(await eager.runOnce()).toMatchObject({ retrying: 1 });
    expect(await eager.runOnce()).toMatchObject({ failed: 1 });
    expect(await eager.runOnce()).toMatchObject({ failed: 0, retrying: 0 });
    [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('grows the delay from 30 seconds to at most an hour', () => {
    expect([1, 2, 3, 4, 8, 12].map(defaultBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it('delivers at once when mail is queued, once started', async () => {
    const { db } = api.test.database;
    const sent: string[] = [];
    const recording: MailTransport = {
      name: 'file',
      send: async (message) => void sent.push(message.subject),
      close: () => {},
    };
    const worker = createOutboxWorker({ db, transport: recording, from: 'a@b.c', pollMs: 60_000 });
    worker.start();
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(0);
    await enqueueMail(db, {
      kind: 'test.nudge' as MailKind,
      to: 'n@example.com',
      subject: 'nudged',
      text: 't',
    });
    notifyMailQueued();
    await expect.poll(() => sent.includes('nudged'), { timeout: 2_000 }).toBe(true);
    await worker.stop();
  });
  it('when stopped, finishes the batch in hand and claims no other', async () => {
    const { db } = api.test.database;
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push(
        await enqueueMail(db, {
          kind: 'test.stop' as MailKind,
          to: `s${n}@example.com`,
          subject: 's',
          text: 't',
        }),
      );
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const transport: MailTransport = {
      name: 'file',
      async send(message) {
        await held;
        sent.push(message.id);
      },
      close() {},
    };
    const worker = createOutboxWorker({ db, transport, from: 'shop@example.com', batchSize: 2 });
    worker.start();
    await expect
      .poll(() =>
        db
          .select()
          .from(outbox)
          .where(eq(outbox.attempts, 1))
          .then((rows) => rows.filter((row) => ids.includes(row.id)).length),
      )
      .toBe(2);
    const stopped = worker.stop();
    release();
    await stopped;
    const rows = await db.select().from(outbox).where(eq(outbox.kind, 'test.stop'));
    expect(
      rows
        .filter((row) => row.status === 'sent')
        .map((row) => row.id)
        .sort(),
    ).toEqual([...sent].sort());
    expect(sent).toHaveLength(2);
    expect(rows.filter((row) => row.status === 'pending' && row.attempts === 0)).toHaveLength(3);
  });
});
