import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../api/db/schema';
import { smtpTransport } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';
import { useApi } from '../helpers/api';
import { freePort } from '../helpers/free-port';
import { confirm, GUEST, guestOrder, mugLine, sandboxToken } from '../helpers/orders';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An in-process SMTP server; while `refusing`, it answers every recipient with a 451. */
function startSmtp(port: number, received: Received[], state: { refusing: boolean }) {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), {
          responseCode: 451,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(server)),
  );
}

describe('order email through SMTP that is down at first', () => {
  const api = useApi({ seed: true });
  let smtp: SMTPServer | undefined;
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('the order succeeds, and its email arrives once when SMTP comes back', async () => {
    const { db } = api.test.database;
    const port = await freePort();
    const received: Received[] = [];
    const state = { refusing: true };
    const worker = createOutboxWorker({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'Evergreen <shop@evergreen.example>',
      backoffMs: () => 0,
    });

    // SMTP is not even listening: the order goes through all the same.
    const order = await guestOrder(api, [mugLine(1)], (await sandboxToken(api)).token);
    const response = await confirm(api, order);
    expect(response.status).toBe(201);
    const { orderId, order: placed } = await response.json();

    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    let rows = await db.select().from(outbox);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(rows[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Listening, but refusing the recipients with a temporary error.
    smtp = await startSmtp(port, received, state);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    expect(received).toEqual([]);
    rows = await db.select().from(outbox);
    expect(rows[0]!.lastError).toMatch(/451/);

    // Back to normal: each message is delivered once, and never again.
    state.refusing = false;
    expect(await worker.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await worker.stop();

    expect(received).toHaveLength(2);
    const forShopper = received.filter((mail) => mail.to.includes(GUEST.email));
    expect(forShopper).toHaveLength(1);
    expect(forShopper[0]!.raw).toContain(`Order number: ${placed.orderNumber}`);
    expect(forShopper[0]!.raw).toMatch(/Content-Type: text\/html/i);
    expect(received.filter((mail) => mail.to.includes('support@evergreen.example'))).toHaveLength(
      1,
    );
    rows = await db.select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.attempts === 3 && row.sentAt !== null)).toBe(true);
    expect(orderId).toBeTruthy();
  });
});
