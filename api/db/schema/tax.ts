import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ownedBy, timestampTz } from './columns';

/**
 * Washington's sales-tax rates as the Department of Revenue publishes them each quarter in its
 * ZIP+4 file (issue 28): one row per rate period imported (the file's EFF_START..EFF_END, both
 * days included), and its ZIP+4 ranges with their location code and rates. Importing a period
 * again replaces its ranges; periods never overlap.
 */
export const taxRatePeriods = pgTable(
  'tax_rate_periods',
  {
    id: id(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The file's name as the owner gave it, for the tax page. */
    sourceName: text('source_name').notNull(),
    rangeCount: integer('range_count').notNull(),
    importedBy: text('imported_by').notNull(),
    importedAt: timestampTz('imported_at').notNull().defaultNow(),
    /**
     * Whether the checkout reads this period (issue 36): an import writes its ranges under a period
     * not yet live, in batches, then makes it live (and the one it replaces not) in one short
     * transaction. A period not live is an import under way or one being removed.
     */
    live: boolean('live').notNull().default(true),
  },
  (table) => [
    uniqueIndex('tax_rate_periods_dates')
      .on(table.periodStart, table.periodEnd)
      .where(sql`${table.live}`),
    check('tax_rate_periods_order', sql`${table.periodStart} <= ${table.periodEnd}`),
  ],
);

export const taxZipRanges = pgTable(
  'tax_zip_ranges',
  {
    id: id(),
    periodId: ownedBy('period_id', () => taxRatePeriods.id),
    zip: text('zip').notNull(),
    plus4Low: text('plus4_low').notNull(),
    plus4High: text('plus4_high').notNull(),
    locationCode: text('location_code').notNull(),
    stateRate: numeric('state_rate', { precision: 8, scale: 6, mode: 'number' }).notNull(),
    localRate: numeric('local_rate', { precision: 8, scale: 6, mode: 'number' }).notNull(),
    totalRate: numeric('total_rate', { precision: 8, scale: 6, mode: 'number' }).notNull(),
  },
  (table) => [index('tax_zip_ranges_lookup').on(table.periodId, table.zip, table.plus4Low)],
);

export type TaxRatePeriodRow = typeof taxRatePeriods.$inferSelect;
export type TaxZipRangeRow = typeof taxZipRanges.$inferSelect;

/**
 * Washington's location codes as DOR names them (issue 39 point 10): from DOR's "location codes
 * and rates" file (NAME, CODE, …), which the owner imports beside the ZIP+4 file, so the tax
 * report says "Redmond (1716)" instead of a bare code. A code imported again takes its new name.
 */
export const taxLocations = pgTable('tax_locations', {
  locationCode: text('location_code').primaryKey(),
  name: text('name').notNull(),
  /** The file it came from, as the owner named it. */
  sourceName: text('source_name').notNull(),
  importedAt: timestampTz('imported_at').notNull().defaultNow(),
});

export type TaxLocationRow = typeof taxLocations.$inferSelect;
