import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The column shapes every table repeats (issue 37 point 4), written once. Each helper gives the
 * same column as the long form, so the generated SQL does not change.
 */

/** A random uuid primary key named `id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A timestamp with time zone (nullable until `.notNull()`). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** A required reference to a parent row that takes this row with it when it is deleted. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
