import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, type OutboxRow } from '../../db/schema';
import { log } from '../../lib/log';
import { onMailQueued } from './signal';
import type { MailTransport } from './transport';
import { openSecret } from './sealed';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** How often due mail is looked for when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts?: number;
  /** The wait before attempt n + 1 after n failures. */
  backoffMs?: (attempts: number) => number;
  /** How long a claimed message is left alone by other workers while it is being sent. */
  leaseMs?: number;
}

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** 30 s, 1 min, 2 min, … at most an hour: 10 attempts cover about six hours of an SMTP outage. */
export const defaultBackoff = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const afterMs = (ms: number) =>
  sql`now() + (${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

/** What a claim and a delivery read: the worker's options with their defaults. */
type Settings = Required<Omit<OutboxWorkerOptions, 'pollMs'>>;

/** Claims the due mail of a batch (leased, its attempt counted), skipping rows another holds. */
async function claimDue(worker: Settings): Promise<OutboxRow[]> {
  const { db, batchSize, leaseMs } = worker;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: afterMs(leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Sends one claimed mail: sent, or retried later with a backoff, or given up after the last try. */
async function deliver(worker: Settings, row: OutboxRow): Promise<keyof DeliveryRound> {
  const { db, transport, from, maxAttempts, backoffMs } = worker;
  try {
    // A sealed secret (a gift card's code) is opened only now, and forgotten once sent.
    const message = row.sealed ? openSecret(row, row.sealed) : row;
    await transport.send({ ...message, from });
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null, sealed: null })
      .where(eq(outbox.id, row.id));
    return 'sent';
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const givingUp = row.attempts >= maxAttempts;
    await db
      .update(outbox)
      .set(
        givingUp
          ? // Given up: its secret is forgotten too (the owner can resend a gift card).
            { status: 'failed', lastError, sealed: null }
          : { lastError, nextAttemptAt: afterMs(backoffMs(row.attempts)) },
      )
      .where(eq(outbox.id, row.id));
    log(givingUp ? 'error' : 'info', givingUp ? 'mail given up' : 'mail will be retried', {
      id: row.id,
      kind: row.kind,
      attempts: row.attempts,
      error: lastError,
    });
    return givingUp ? 'failed' : 'retrying';
  }
}

/**
 * Delivers the outbox. Due messages are claimed with `for update skip locked` (so several
 * processes can run workers), their attempt counted and a lease set; each is then sent, marked
 * sent, or put back with a growing delay, and given up after `maxAttempts`.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const {
    db,
    transport,
    from,
    pollMs = 2_000,
    batchSize = 10,
    maxAttempts = 10,
    backoffMs = defaultBackoff,
    leaseMs = 5 * 60_000,
  } = options;
  const settings: Settings = {
    db,
    transport,
    from,
    batchSize,
    maxAttempts,
    backoffMs,
    leaseMs,
  };

  /** Delivers everything due now, batch after batch. */
  async function runOnce(): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const batch = await claimDue(settings);
      for (const row of batch) round[await deliver(settings, row)] += 1;
      // A stopping worker finishes the batch in hand and claims no other.
      if (batch.length < batchSize || stopping) return round;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = true;
  let stopping = false;
  let unsubscribe: (() => void) | undefined;

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) =>
        log('error', 'outbox worker round failed', { error: String(error) }),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    runOnce,
    /** Starts polling, and delivering at once whenever mail is queued in this process. */
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      unsubscribe = onMailQueued(tick);
      tick();
    },
    /** Stops polling and waits for a round in flight; the transport is closed. */
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await running;
      transport.close();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
