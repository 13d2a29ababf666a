import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/** Rows a job touches per statement, and statements per round: a round never holds locks long. */
export interface BatchLimits {
  batchSize: number;
  maxBatches: number;
}

export const DEFAULT_BATCHES: BatchLimits = { batchSize: 500, maxBatches: 20 };

/**
 * Runs `step` (which handles at most `batchSize` rows and answers how many) until a batch comes
 * back short or `maxBatches` have run; the rest waits for the next round.
 */
export async function inBatches(
  limits: BatchLimits,
  step: (batchSize: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < limits.maxBatches; batch += 1) {
    const done = await step(limits.batchSize);
    total += done;
    if (done < limits.batchSize) break;
  }
  return total;
}

/** Deletes the rows of `table` matching `where`, `batchSize` at a time by primary key. */
export function pruneRows(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  limits: BatchLimits,
): Promise<number> {
  return inBatches(limits, async (batchSize) => {
    const doomed = db.select({ key }).from(table).where(where).limit(batchSize);
    const gone = await db.delete(table).where(inArray(key, doomed)).returning({ key });
    return gone.length;
  });
}
