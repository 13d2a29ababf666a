import { sql } from 'drizzle-orm';
import { Elysia } from 'elysia';
import type { Database } from '../../db/client';
import { AppError, MESSAGES } from '../../lib/errors';

/** How long health waits for the database before it says the shop is unavailable. */
const HEALTH_DEADLINE_MS = 3_000;

/**
 * One small committed write (a row of its own in rate_limits, upserted): a database that answers
 * reads but cannot write (a full disk, a read-only or recovering server) is not healthy.
 */
async function writeHealthRow(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into rate_limits (key, points, window_ends_at)
    values ('health:write', 0, now() + interval '1 day')
    on conflict (key) do update set window_ends_at = excluded.window_ends_at`);
}

function withinDeadline(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('health: the database did not answer')),
      HEALTH_DEADLINE_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** GET /api/health: answers 200 only when the database answers and takes a write (else 503). */
export const healthModule = (database: Database) =>
  new Elysia({ name: 'health' }).get('/health', async () => {
    try {
      await withinDeadline(database.ping().then(() => writeHealthRow(database)));
    } catch {
      throw new AppError('UNAVAILABLE', MESSAGES.unavailable);
    }
    return { status: 'ok', database: database.kind };
  });
