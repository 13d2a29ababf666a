import { forLongWork, type Database, type Db } from '../../db/client';
import { log } from '../../lib/log';
import { recoverPendingOrders, type RecoveryDependencies } from '../orders';
import { deliverDueCards } from '../gift-cards';
import { runExclusive } from './exclusive';
import { runHousekeeping } from './housekeeping';
import { runLowStockDigest } from '../inventory';
import { shipDueOrders } from '../shipping-calendar';
import { runRetention } from './retention';

export interface ScheduledJobsOptions {
  /** The jobs run on its long-work pool (JOB_TIMEOUTS: a longer statement limit than requests'). */
  database: Pick<Database, 'db' | 'kind' | 'longWork'>;
  recovery: RecoveryDependencies;
  /** Pending orders at least this old are settled by the recovery job. */
  recoverAfterMs: number;
  /** Orders and messages older than this are anonymised (ORDER_RETENTION_DAYS). */
  retentionDays: number;
  /** How often the jobs run (at start-up, then every `everyMs`). */
  everyMs?: number;
  /**
   * A test harness's pause at the end of a round, inside the lock, so overlapping rounds would
   * show (tests/api/multi-process.test.ts), given the database the jobs use; never set by the
   * shipped server.
   */
  endOfRound?: (db: Db) => Promise<void>;
  /** The clock the daily jobs read (the low-stock digest); tests pass their own. */
  now?: () => Date;
}

const JOBS = ['recovery', 'housekeeping', 'retention', 'lowStockDigest', 'giftcards'] as const;

/**
 * The shop's scheduled jobs: order recovery, housekeeping, retention and the daily low-stock digest
 * (issue 28, which claims its day itself), one after another in one round, at start-up and then every minute. However many processes share the database, a round
 * runs in one of them at a time (api/modules/jobs/exclusive.ts); the others skip that turn.
 */
export function startScheduledJobs(options: ScheduledJobsOptions) {
  const { everyMs = 60_000, endOfRound, now = () => new Date() } = options;
  // Longer statement limits than a request's (PostgreSQL), on connections of their own.
  const database = forLongWork(options.database);
  const run: Record<(typeof JOBS)[number], () => Promise<object>> = {
    recovery: () =>
      recoverPendingOrders({ ...options.recovery, db: database.db }, options.recoverAfterMs),
    housekeeping: () => runHousekeeping(database.db),
    retention: () => runRetention(database.db, options.retentionDays),
    lowStockDigest: async () => {
      // With the orders that must ship today (issue 41).
      const digest = await runLowStockDigest(database.db, now(), undefined, shipDueOrders);
      return { lowStockItems: digest.sent ? digest.items.length : 0 };
    },
    // Gift cards due today (shop time) get their code and email, once (issue 26).
    giftcards: async () => {
      const done = await deliverDueCards(database.db, options.recovery.shop);
      if (done.delivered > 0) options.recovery.onMailQueued?.();
      return done;
    },
  };

  async function round(): Promise<void> {
    // A round that ran is logged from just after it took the lock to just before it let it go, so
    // rounds of two processes never overlap in the log (tests/api/multi-process.test.ts), however
    // long a busy machine keeps a process between its clock and the lock.
    let startedAt = Date.now();
    let finishedAt = startedAt;
    const ran = await runExclusive(database, async () => {
      startedAt = Date.now();
      for (const job of JOBS) {
        try {
          const done = await run[job]();
          if (Object.values(done).some((count) => count > 0)) log('info', job, { ...done });
        } catch (error) {
          log('error', `${job} job failed`, { error: String(error) });
        }
      }
      await endOfRound?.(database.db);
      finishedAt = Date.now();
    });
    if (!ran) finishedAt = Date.now();
    log('debug', 'scheduled jobs', { ran, pid: process.pid, startedAt, finishedAt });
  }

  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() =>
      round().catch((error: unknown) =>
        log('error', 'scheduled jobs round failed', { error: String(error) }),
      ),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    /** Waits for the round under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type ScheduledJobs = ReturnType<typeof startScheduledJobs>;

// The public face (issue 37 point 1): what other modules may use.
export { runExclusive } from './exclusive';
