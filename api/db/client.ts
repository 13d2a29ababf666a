import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { log } from '../lib/log';
import { openPgliteClient, type PgliteSettings } from './pglite';
import { dropOnReadTimeout, ensurePostgresDatabase } from './postgres-connect';
import { makePrivate } from './private-files';
import { prepareEmbeddedFolder } from './pglite-upgrade';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs one SQL statement outside Drizzle (for checks and set-up). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTENs on `channel` over a connection of its own, kept open (reconnected
   * after a loss, when `onReconnect` runs: notifications may have been missed meanwhile).
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * PostgreSQL only: the same database for the scheduled jobs and the nightly backup, with their
   * longer limits (JOB_TIMEOUTS), on a small pool of its own opened on first use and closed with
   * this one. Read it through `forLongWork`.
   */
  longWork?(): Pick<Database, 'db' | 'kind'>;
}

/** The database as the scheduled jobs and backups use it: their longer limits on PostgreSQL. */
export function forLongWork(database: Pick<Database, 'db' | 'kind' | 'longWork'>) {
  return database.longWork?.() ?? database;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onReconnect(): void;
}

export interface Listener {
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** node-postgres pool size. */
  poolSize?: number;
  /** PGlite's memory settings (the configuration's `embedded`); omitted: the small-shop defaults. */
  pglite?: PgliteSettings;
  /**
   * PostgreSQL: how long one statement may run (ms). Omitted: a request's limit; commands and
   * other long work pass LONG_WORK_TIMEOUTS.
   */
  timeouts?: PostgresTimeouts;
}

export interface PostgresTimeouts {
  /** statement_timeout, ms: the server cancels a statement that runs longer. */
  statementMs: number;
  /** idle_in_transaction_session_timeout, ms: a transaction left open by a stuck process ends. */
  idleInTransactionMs: number;
  /**
   * node-postgres's query_timeout, ms, a little above `statementMs`: how long this process waits
   * for an answer whatever the server does. A stopped or partitioned server never answers its own
   * cancel; the query then fails (the request answers 503) and its connection is dropped.
   */
  queryMs: number;
}

/** A request's statements: a stuck query fails the request instead of holding it for minutes. */
export const REQUEST_TIMEOUTS: PostgresTimeouts = {
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  queryMs: 35_000,
};
/**
 * The shop's scheduled jobs and its nightly backup (issue 36): longer than a request's, on a small
 * pool of their own (`Database.longWork`), so a job's batch over a large table is not cut at 30 s.
 */
export const JOB_TIMEOUTS: PostgresTimeouts = {
  statementMs: 10 * 60_000,
  idleInTransactionMs: 30 * 60_000,
  queryMs: 10 * 60_000 + 30_000,
};
/** Commands (migrations, imports, restores) and backups. */
export const LONG_WORK_TIMEOUTS: PostgresTimeouts = {
  statementMs: 30 * 60_000,
  idleInTransactionMs: 30 * 60_000,
  queryMs: 31 * 60_000,
};
/** How long opening a connection may take before the request fails (503). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The folder of migrations drizzle-kit generates (committed). */
export function migrationsFolder(): string {
  return resolve(process.env.MIGRATIONS_DIR ?? resolve(process.cwd(), 'api/db/migrations'));
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, options.poolSize ?? 10, options.timeouts ?? REQUEST_TIMEOUTS);
  }
  return openPglite(options.dataDir, options.pglite);
}

async function openPglite(
  dataDir: string | undefined,
  settings: PgliteSettings | undefined,
): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) {
    await prepareEmbeddedFolder(dataDir, settings);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await openPgliteClient(dataDir, settings);
  // PGlite sets 0666 on the files it makes, umask or not: taken back after it opens and closes.
  if (dataDir) makePrivate(dataDir);
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      if (dataDir) makePrivate(dataDir);
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: PostgresTimeouts,
): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  await ensurePostgresDatabase(pg, url);
  const open = (max: number, limits: PostgresTimeouts) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished (a partition, a pulled cable) is noticed by TCP, not only by a timeout.
      keepAlive: true,
      statement_timeout: limits.statementMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionMs,
      query_timeout: limits.queryMs,
    });
    // A client that loses its connection, idle or checked out, must not crash the process: its
    // query fails (the request answers 503, api/plugins/errors.ts) and the pool drops it.
    pool.on('error', (error) =>
      log('error', 'database connection lost (idle)', { error: error.message }),
    );
    pool.on('connect', (client) => {
      client.on('error', (error) =>
        log('error', 'database connection lost', { error: error.message }),
      );
      dropOnReadTimeout(client);
    });
    return { pool, db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db };
  };
  const { pool, db } = open(poolSize, timeouts);
  let longWork: ReturnType<typeof open> | undefined;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), longWork?.pool.end()]);
    },
    listen: (channel, handlers) => listenOn(pg.Client, url, channel, handlers),
    longWork: () => {
      // Two at least: the jobs' lock is held on one connection while the work uses another.
      longWork ??= open(LONG_WORK_POOL_SIZE, JOB_TIMEOUTS);
      return { db: longWork.db, kind: 'postgres' };
    },
  };
}

/** Connections of the scheduled jobs' and backups' pool (per process). */
const LONG_WORK_POOL_SIZE = 3;

const RELISTEN_AFTER_MS = 1_000;

async function listenOn(
  Client: typeof import('pg').Client,
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  let closed = false;
  let client: import('pg').Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${JSON.stringify(channel)}`);
    client = next;
  }

  function lost(which: import('pg').Client): void {
    if (closed || client !== which) return;
    client = undefined;
    void which.end().catch(() => {});
    const again = () => {
      if (closed) return;
      connect().then(handlers.onReconnect, (error: unknown) => {
        console.error('[db] listen failed, retrying:', String(error));
        retry = setTimeout(again, RELISTEN_AFTER_MS);
        retry.unref();
      });
    };
    retry = setTimeout(again, RELISTEN_AFTER_MS);
    retry.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, migrationsConfig);
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, migrationsConfig);
  }
}

let shared: Promise<Database> | undefined;

/** The process's one database: PGlite allows a single owner of its data folder. */
export function sharedDatabase(open: () => Promise<Database>): Promise<Database> {
  return (shared ??= open());
}

export { schema };
