import { check, date, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';

/**
 * The owner's arrival settings (issue 41; core/arrival.ts): the days the shop is closed, the
 * occasions the notice bar counts down to, and each state's transit days where the owner changed
 * the spec's 5–7 (a state without a row takes the default).
 */
export const shopClosures = pgTable(
  'shop_closures',
  {
    id: serial('id').primaryKey(),
    /** First and last day closed, both included (shop days). */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** What shoppers read in the notice bar ("Closed Dec 24–26"); empty: the dates are shown. */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [check('shop_closures_order', sql`${table.toDay} >= ${table.fromDay}`)],
);

export const occasions = pgTable(
  'occasions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The notice bar names the order-by day from this many days before. */
    noticeDays: integer('notice_days').notNull().default(21),
    createdAt: createdAt(),
  },
  (table) => [check('occasions_notice_days', sql`${table.noticeDays} between 1 and 90`)],
);

export const transitDays = pgTable(
  'transit_days',
  {
    /** A state's postal abbreviation (core/address/model.ts ALLOWED_STATES). */
    state: text('state').primaryKey(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
  },
  (table) => [
    check(
      'transit_days_range',
      sql`${table.minDays} >= 1 and ${table.maxDays} >= ${table.minDays}`,
    ),
  ],
);
