import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The advisory lock every process's scheduled jobs take: "Evergreen jobs" as a number. */
export const JOBS_LOCK_KEY = 0x45_56_47_4a_4f_42;

/**
 * Runs `work` while this process holds the jobs lock, or not at all when another process holds it
 * (answers false). On PostgreSQL the lock is a transaction-level advisory lock held by one pooled
 * connection while `work` uses the others; it ends with that transaction, even if the process
 * dies. PGlite has one process by construction: `work` just runs.
 */
export async function runExclusive(
  database: Pick<Database, 'db' | 'kind'>,
  work: () => Promise<void>,
): Promise<boolean> {
  if (database.kind === 'pglite') {
    await work();
    return true;
  }
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOBS_LOCK_KEY}) as locked`,
    )) as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return false;
    // This connection holds the lock, idle, while `work` runs on the others: longer than a request.
    await tx.execute(sql`set local idle_in_transaction_session_timeout = '30min'`);
    await work();
    return true;
  });
}
