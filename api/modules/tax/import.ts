import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxRatePeriods, taxZipRanges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { TAX_MESSAGES } from '../../../core/tax/messages';
import { DorFileError, parseDorFile, type DorPeriod } from './dor-file';

export interface ImportedPeriod {
  start: string;
  end: string;
  ranges: number;
}

const CHUNK = 1000;

async function replacePeriod(tx: Db, period: DorPeriod, sourceName: string, importedBy: string) {
  // Only the same dates are replaced: a period that merely overlaps would leave days taxed twice.
  const overlapping = await tx
    .select()
    .from(taxRatePeriods)
    .where(
      and(lte(taxRatePeriods.periodStart, period.end), gte(taxRatePeriods.periodEnd, period.start)),
    );
  for (const other of overlapping) {
    if (other.periodStart !== period.start || other.periodEnd !== period.end) {
      throw new AppError('INVALID_DATA', TAX_MESSAGES.periodOverlaps(period.start, period.end));
    }
  }
  if (overlapping.length > 0) {
    await tx.delete(taxRatePeriods).where(
      inArray(
        taxRatePeriods.id,
        overlapping.map((other) => other.id),
      ),
    );
  }
  const [row] = await tx
    .insert(taxRatePeriods)
    .values({
      periodStart: period.start,
      periodEnd: period.end,
      sourceName,
      rangeCount: period.ranges.length,
      importedBy,
    })
    .returning({ id: taxRatePeriods.id });
  for (let i = 0; i < period.ranges.length; i += CHUNK) {
    await tx.insert(taxZipRanges).values(
      period.ranges.slice(i, i + CHUNK).map((range) => ({
        periodId: row!.id,
        zip: range.zip,
        plus4Low: range.plus4Low,
        plus4High: range.plus4High,
        locationCode: range.locationCode,
        stateRate: range.stateRate,
        localRate: range.localRate,
        totalRate: range.totalRate,
      })),
    );
  }
}

/**
 * Imports a DOR ZIP+4 file: every row validated first (a bad one refuses the file, 400 with its
 * line), then every period written in one transaction, replacing a period already imported with
 * the same dates. `onWritten` runs inside that transaction (the back office's audit row).
 */
export async function importDorFile(
  db: Db,
  content: string,
  { sourceName, importedBy }: { sourceName: string; importedBy: string },
  onWritten?: (tx: Db, periods: ImportedPeriod[]) => Promise<void>,
): Promise<ImportedPeriod[]> {
  let periods: DorPeriod[];
  try {
    periods = parseDorFile(content);
  } catch (error) {
    if (error instanceof DorFileError) throw new AppError('INVALID_DATA', error.message);
    throw error;
  }
  if (periods.length === 0) throw new AppError('INVALID_DATA', TAX_MESSAGES.fileEmpty);
  const imported = periods.map((period) => ({
    start: period.start,
    end: period.end,
    ranges: period.ranges.length,
  }));
  await db.transaction(async (tx) => {
    // Two imports at once (the page and the script) take turns: each sees the other's periods.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('evergreen-tax-import'))`);
    for (const period of periods) await replacePeriod(tx, period, sourceName, importedBy);
    await onWritten?.(tx, imported);
  });
  return imported;
}
