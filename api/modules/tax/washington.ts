import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxRatePeriods, taxZipRanges, type TaxZipRangeRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { TAX_MESSAGES } from '../../../core/tax/messages';

/** A Washington address's place for the sales tax, from the imported DOR rates. */
export interface WashingtonLocation {
  locationCode: string;
  rate: number;
  periodStart: string;
  periodEnd: string;
}

/**
 * What the imported rates say of a Washington ZIP (`98052` or `98052-1234`) on a shop date:
 * - `none`: no imported period covers the date, or the period does not list the ZIP (the caller
 *   falls back to the committed ZIP-prefix table);
 * - `needsPlus4`: the ZIP's +4 ranges have more than one location code and no ZIP+4 (or one the
 *   file does not list) was given;
 * - `found`: the location, by the ZIP+4's range when given, else by the ZIP's one location code.
 *
 * A 5-digit ZIP is enough only when every range has the same location code, not merely the same
 * rate: the excise tax return is filed per location code, so the order must know which one.
 */
export type WashingtonLookup =
  | { kind: 'none' }
  | { kind: 'needsPlus4'; plus4Given: boolean }
  | { kind: 'found'; location: WashingtonLocation };

export async function periodOn(db: Db, day: string) {
  const [period] = await db
    .select()
    .from(taxRatePeriods)
    .where(
      and(
        eq(taxRatePeriods.live, true),
        lte(taxRatePeriods.periodStart, day),
        gte(taxRatePeriods.periodEnd, day),
      ),
    )
    .orderBy(desc(taxRatePeriods.periodStart))
    .limit(1);
  return period ?? null;
}

export async function lookupWashington(
  db: Db,
  zipcode: string,
  day: string,
): Promise<WashingtonLookup> {
  const period = await periodOn(db, day);
  if (!period) return { kind: 'none' };
  const zip = zipcode.trim().slice(0, 5);
  const plus4 = /^\d{5}-(\d{4})$/.exec(zipcode.trim())?.[1];
  const ranges = await db
    .select()
    .from(taxZipRanges)
    .where(and(eq(taxZipRanges.periodId, period.id), eq(taxZipRanges.zip, zip)))
    .orderBy(asc(taxZipRanges.plus4Low));
  if (ranges.length === 0) return { kind: 'none' };
  const found = (range: TaxZipRangeRow): WashingtonLookup => ({
    kind: 'found',
    location: {
      locationCode: range.locationCode,
      rate: range.totalRate,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
    },
  });
  if (plus4) {
    const range = ranges.find((r) => r.plus4Low <= plus4 && plus4 <= r.plus4High);
    if (range) return found(range);
  }
  const codes = new Set(ranges.map((range) => range.locationCode));
  if (codes.size === 1) return found(ranges[0]!);
  return { kind: 'needsPlus4', plus4Given: plus4 !== undefined };
}

/** The refusal of a split ZIP, as a message under the ZIP field. */
export function needsPlus4Error(plus4Given: boolean, field = 'zipcode'): AppError {
  const message = plus4Given ? TAX_MESSAGES.plus4Unknown : TAX_MESSAGES.zipNeedsPlus4;
  return new AppError('INVALID_DATA', message, { [field]: message });
}
