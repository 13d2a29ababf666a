import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  forLongWork,
  LONG_WORK_TIMEOUTS,
  openDatabase,
  type Database,
  type Db,
} from '../../api/db/client';
import { startScheduledJobs } from '../../api/modules/jobs';
import { shopDetails } from '../../api/modules/mail/templates/shop';
import { paymentsFromConfig } from '../../api/modules/payments/setup';
import { useApi } from '../helpers/api';

/**
 * Timeouts on PostgreSQL and a health check that writes (issue 36 rows 3 and 16): a statement or
 * a transaction left idle cannot hold a connection for minutes, and health says 503 (with
 * Retry-After) when the database answers reads but cannot take a write, or is gone.
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const setting = async (database: Database, name: string) => {
  const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]![name];
};

describe.runIf(Boolean(process.env.DATABASE_URL))('database timeouts and health', () => {
  const api = useApi();

  async function asAdmin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  const name = () => new URL(api.test.url!).pathname.slice(1);
  const endConnections = () =>
    asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name()}'`);

  it('sets statement and idle-in-transaction timeouts on the app’s connections', async () => {
    const database = api.test.database;
    expect(await setting(database, 'statement_timeout')).toBe('30s');
    expect(await setting(database, 'idle_in_transaction_session_timeout')).toBe('1min');
    const long = await openDatabase({
      url: api.test.url,
      poolSize: 1,
      timeouts: LONG_WORK_TIMEOUTS,
    });
    try {
      expect(await setting(long, 'statement_timeout')).toBe('30min');
    } finally {
      await long.close();
    }
  });

  it('gives the scheduled jobs (and backups) a longer statement limit than a request', async () => {
    const database = api.test.database;
    const inTransaction = (db: Db) =>
      db.transaction(async (tx) => {
        const result = (await tx.execute(
          sql`select current_setting('statement_timeout') as limit`,
        )) as unknown as { rows: { limit: string }[] };
        return result.rows[0]!.limit;
      });
    // A request's transaction.
    expect(await inTransaction(database.db)).toBe('30s');
    // A round of the scheduled jobs: the database it runs on, read inside the round.
    let inJob: string | undefined;
    const jobs = startScheduledJobs({
      database,
      recovery: {
        db: database.db,
        gateway: paymentsFromConfig(database.db).gateway,
        shop: shopDetails(),
      },
      recoverAfterMs: 60 * 60_000,
      retentionDays: 730,
      everyMs: 60 * 60_000,
      endOfRound: async (db) => {
        inJob = await inTransaction(db);
      },
    });
    await jobs.stop();
    expect(inJob).toBe('10min');
    // The nightly backup runs on the same pool (api/modules/backup/index.ts).
    expect(await inTransaction(forLongWork(database).db)).toBe('10min');
    expect(await setting(database, 'statement_timeout')).toBe('30s');
  });

  it('ends a transaction left idle by a stuck request', async () => {
    const database = await openDatabase({
      url: api.test.url,
      poolSize: 1,
      timeouts: { statementMs: 1_000, idleInTransactionMs: 300, queryMs: 1_500 },
    });
    try {
      const stuck = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await wait(1_000);
        await tx.execute(sql`select 1`);
      });
      await expect(stuck).rejects.toThrow();
      await wait(100);
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: { code: '57014' }, // canceling statement due to statement timeout
      });
    } finally {
      await database.close();
    }
  });

  it('answers 503 with Retry-After when the database reads but cannot write', async () => {
    expect((await api.get('/health')).status).toBe(200);
    await asAdmin(`alter database ${name()} set default_transaction_read_only = on`);
    try {
      await endConnections();
      await wait(300);
      await api.get('/health'); // the first may meet a connection that has just ended
      const answer = await api.get('/health');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await asAdmin(`alter database ${name()} reset default_transaction_read_only`);
      await endConnections();
    }
    await wait(300);
    await api.get('/health');
    expect((await api.get('/health')).status).toBe(200);
  });

  it('answers 503 with Retry-After, in a moment, when the database is gone', async () => {
    await asAdmin(`alter database ${name()} with allow_connections false`);
    try {
      await endConnections();
      await wait(300);
      const started = Date.now();
      const answer = await api.get('/health');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await asAdmin(`alter database ${name()} with allow_connections true`);
    }
  });
});
