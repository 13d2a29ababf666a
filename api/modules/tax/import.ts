import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxRatePeriods, taxZipRanges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { TAX_MESSAGES } from '../../../core/tax/messages';
import { DorFileError, parseDorFileInSteps, type DorPeriod } from './dor-file';

export interface ImportedPeriod {
  start: string;
  end: string;
  ranges: number;
}

/** Rows written (or removed) per statement: each is short, and other requests go in between. */
const BATCH = 500;
/** A period left not live this long is what an interrupted import left: removed by the next. */
const ABANDONED_AFTER = '1 hour';

/** Lets requests waiting for the database (PGlite has one connection) go before the next batch. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The live periods that share a day with `period`. */
const liveOverlapping = (db: Db, period: { start: string; end: string }) =>
  db
    .select({
      id: taxRatePeriods.id,
      periodStart: taxRatePeriods.periodStart,
      periodEnd: taxRatePeriods.periodEnd,
    })
    .from(taxRatePeriods)
    .where(
      and(
        eq(taxRatePeriods.live, true),
        lte(taxRatePeriods.periodStart, period.end),
        gte(taxRatePeriods.periodEnd, period.start),
      ),
    );

/**
 * Only the same dates are replaced: a period that merely overlaps would leave days taxed twice.
 * Answers the live periods this one replaces.
 */
async function replaced(db: Db, period: { start: string; end: string }): Promise<string[]> {
  const overlapping = await liveOverlapping(db, period);
  for (const other of overlapping) {
    if (other.periodStart !== period.start || other.periodEnd !== period.end) {
      throw new AppError('INVALID_DATA', TAX_MESSAGES.periodOverlaps(period.start, period.end));
    }
  }
  return overlapping.map((other) => other.id);
}

/** Writes a period's ranges under a period row that is not live yet, a batch at a time. */
async function stagePeriod(db: Db, period: DorPeriod, sourceName: string, importedBy: string) {
  const [row] = await db
    .insert(taxRatePeriods)
    .values({
      periodStart: period.start,
      periodEnd: period.end,
      sourceName,
      rangeCount: period.ranges.length,
      importedBy,
      live: false,
    })
    .returning({ id: taxRatePeriods.id });
  for (let i = 0; i < period.ranges.length; i += BATCH) {
    await breathe();
    await db.insert(taxZipRanges).values(
      period.ranges.slice(i, i + BATCH).map((range) => ({
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
  return row!.id;
}

/** Removes periods that are not live (staged or replaced): their ranges a batch at a time. */
async function removePeriods(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (;;) {
    await breathe();
    const gone = await db
      .delete(taxZipRanges)
      .where(
        inArray(
          taxZipRanges.id,
          db
            .select({ id: taxZipRanges.id })
            .from(taxZipRanges)
            .where(inArray(taxZipRanges.periodId, ids))
            .limit(BATCH),
        ),
      )
      .returning({ id: taxZipRanges.id });
    if (gone.length === 0) break;
  }
  await db
    .delete(taxRatePeriods)
    .where(and(inArray(taxRatePeriods.id, ids), eq(taxRatePeriods.live, false)));
}

/** What an import stopped half-way (a crash, a restart) left behind. */
async function abandonedPeriods(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: taxRatePeriods.id })
    .from(taxRatePeriods)
    .where(
      and(
        eq(taxRatePeriods.live, false),
        lt(taxRatePeriods.importedAt, sql`now() - ${ABANDONED_AFTER}::interval`),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Imports a DOR ZIP+4 file without stopping the shop (issue 36 row 10): every row is validated
 * first (a bad one refuses the file, 400 with its line) and the periods checked against those
 * already imported; then each period's ranges are written in batches under a period that is not
 * live, outside any long transaction, so checkouts keep answering; then one short transaction
 * makes the new periods live and the ones with the same dates not (two imports at once take turns
 * there, each seeing the other's periods). `onWritten` runs inside that transaction (the back
 * office's audit row). The replaced periods' ranges are removed afterwards, in batches too.
 */
export async function importDorFile(
  db: Db,
  content: string,
  { sourceName, importedBy }: { sourceName: string; importedBy: string },
  onWritten?: (tx: Db, periods: ImportedPeriod[]) => Promise<void>,
): Promise<ImportedPeriod[]> {
  let periods: DorPeriod[];
  try {
    periods = await parseDorFileInSteps(content);
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
  for (const period of periods) await replaced(db, period);
  await removePeriods(db, await abandonedPeriods(db));
  const staged: string[] = [];
  let retired: string[];
  try {
    for (const period of periods)
      staged.push(await stagePeriod(db, period, sourceName, importedBy));
    retired = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('evergreen-tax-import'))`);
      const old: string[] = [];
      for (const period of periods) old.push(...(await replaced(tx, period)));
      if (old.length > 0)
        await tx.update(taxRatePeriods).set({ live: false }).where(inArray(taxRatePeriods.id, old));
      await tx.update(taxRatePeriods).set({ live: true }).where(inArray(taxRatePeriods.id, staged));
      await onWritten?.(tx, imported);
      return old;
    });
  } catch (error) {
    await removePeriods(db, staged);
    throw error;
  }
  await removePeriods(db, retired);
  return imported;
}
