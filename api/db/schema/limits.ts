import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * Rate-limit counters, shared by every server process on one database. A row is a fixed window of
 * `points` that ends at `windowEndsAt`; a failure backoff row also carries `blockedUntil`. Rows are
 * changed only by single upserts (`api/lib/rate-limit.ts`), so concurrent requests never pass a
 * limit by reading a count and inserting after it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    windowEndsAt: timestampTz('window_ends_at').notNull(),
    blockedUntil: timestampTz('blocked_until'),
  },
  (table) => [index('rate_limits_window_ends_idx').on(table.windowEndsAt)],
);

export type RateLimitRow = typeof rateLimits.$inferSelect;
