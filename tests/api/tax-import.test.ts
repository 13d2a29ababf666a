import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxRatePeriods, taxZipRanges } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { parseDorFile } from '../../api/modules/tax/dor-file';
import { importDorFile } from '../../api/modules/tax/import';
import { IMPORT_ERRORS, TAX_MESSAGES } from '../../core/tax/messages';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const HEADER = 'ZIP,PLUS4_LOW,PLUS4_HIGH,CODE,STATE,LOCAL,TOT_RATE,EFF_START,EFF_END';
const row = (fields: Partial<Record<string, string>> = {}) =>
  [
    fields.zip ?? '98052',
    fields.low ?? '0000',
    fields.high ?? '4999',
    fields.code ?? '1715',
    fields.state ?? '0.065',
    fields.local ?? '0.039',
    fields.total ?? '0.104',
    fields.start ?? '20261001',
    fields.end ?? '20261231',
  ].join(',');
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const refusal = (content: string) => {
  try {
    parseDorFile(content);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

export const SAMPLE = readFileSync('api/modules/tax/sample/wa-zip4-sample.csv', 'utf8');

describe("reading DOR's ZIP+4 rate file (issue 28)", () => {
  it('reads the shipped sample: two quarters, each with a ZIP split between two location codes', () => {
    const periods = parseDorFile(SAMPLE);
    expect(periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-10-01', '2026-12-31'],
      ['2027-01-01', '2027-03-31'],
    ]);
    const redmond = periods[0]!.ranges.filter((range) => range.zip === '98052');
    expect(redmond.map((range) => [range.locationCode, range.totalRate])).toEqual([
      ['1715', 0.104],
      ['1700', 0.102],
    ]);
  });

  it('refuses a row with the wrong number of fields, naming its line', () => {
    expect(refusal(file(row(), `${row()},extra`))).toBe(IMPORT_ERRORS.fieldCount(3, 10));
    expect(refusal(file(row(), '98052,0000,4999'))).toBe(IMPORT_ERRORS.fieldCount(3, 3));
  });

  it('refuses a date that is not YYYYMMDD or does not exist, and a period that ends before it starts', () => {
    expect(refusal(file(row({ start: '2026-10-01' })))).toBe(
      IMPORT_ERRORS.date(2, 'EFF_START', '2026-10-01'),
    );
    expect(refusal(file(row(), row({ low: '5000', high: '9999', end: '20260231' })))).toBe(
      IMPORT_ERRORS.date(3, 'EFF_END', '20260231'),
    );
    expect(refusal(file(row({ start: '20270101' })))).toBe(IMPORT_ERRORS.dateOrder(2));
  });

  it('refuses a rate that is not a fraction, and a total that is not state plus local', () => {
    expect(refusal(file(row({ total: '10.4' })))).toBe(IMPORT_ERRORS.rate(2, 'TOT_RATE', '10.4'));
    expect(refusal(file(row({ local: 'abc' })))).toBe(IMPORT_ERRORS.rate(2, 'LOCAL', 'abc'));
    expect(refusal(file(row({ state: '-0.065' })))).toBe(IMPORT_ERRORS.rate(2, 'STATE', '-0.065'));
    expect(refusal(file(row({ total: '0.105' })))).toBe(IMPORT_ERRORS.rateSum(2));
    // DOR writes some rates without the leading zero.
    expect(refusal(file(row({ state: '.065', local: '.039', total: '.104' })))).toBe('accepted');
  });

  it('refuses a bad ZIP, +4 or location code', () => {
    expect(refusal(file(row({ zip: '9805' })))).toBe(IMPORT_ERRORS.zip(2, '9805'));
    expect(refusal(file(row({ low: '12a4' })))).toBe(IMPORT_ERRORS.plus4(2, 'PLUS4_LOW', '12a4'));
    expect(refusal(file(row({ low: '5000', high: '4999' })))).toBe(IMPORT_ERRORS.plus4Order(2));
    expect(refusal(file(row({ code: '17' })))).toBe(IMPORT_ERRORS.code(2, '17'));
  });

  it('refuses +4 ranges of one ZIP that overlap in a period, and periods that overlap', () => {
    const overlapping = file(
      row(),
      row({ zip: '98004' }),
      row({ low: '4000', high: '9999', code: '1700' }),
    );
    expect(refusal(overlapping)).toBe(IMPORT_ERRORS.rangesOverlap(4, 2));
    // The same ranges in two quarters are no overlap.
    expect(refusal(file(row(), row({ start: '20270101', end: '20270331' })))).toBe('accepted');
    expect(refusal(file(row(), row({ start: '20261201', end: '20270331' })))).toBe(
      IMPORT_ERRORS.periodsOverlap(3),
    );
  });

  it('skips blank lines and counts them in the line numbers', () => {
    expect(refusal(`${HEADER}\n\n${row()}\n\n${row({ zip: 'x' })}\n`)).toBe(
      IMPORT_ERRORS.zip(5, 'x'),
    );
  });
});

describe('importing the file (one transaction, a period replaced by its own dates)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.cleanup();
  });
  const counts = async () => {
    const db = test.database.db;
    const [[periods], [ranges]] = await Promise.all([
      db.select({ n: count() }).from(taxRatePeriods),
      db.select({ n: count() }).from(taxZipRanges),
    ]);
    return [periods!.n, ranges!.n];
  };
  const who = { sourceName: 'test.csv', importedBy: 'test' };

  it('writes nothing when any row is bad, even after many good rows and a good first period', async () => {
    const good = Array.from({ length: 1500 }, (_, i) =>
      row({
        zip: String(98000 + (i % 900)).padStart(5, '0'),
        low: String(i).padStart(4, '0'),
        high: String(i).padStart(4, '0'),
      }),
    );
    const content = file(...good, row({ start: '20270101', end: '20270331', total: 'x' }));
    await expect(importDorFile(test.database.db, content, who)).rejects.toThrow(
      IMPORT_ERRORS.rate(1502, 'TOT_RATE', 'x'),
    );
    expect(await counts()).toEqual([0, 0]);
  });

  it('imports the sample, and importing the same period again replaces it', async () => {
    const first = await importDorFile(test.database.db, SAMPLE, who);
    expect(first).toEqual([
      { start: '2026-10-01', end: '2026-12-31', ranges: 8 },
      { start: '2027-01-01', end: '2027-03-31', ranges: 8 },
    ]);
    expect(await counts()).toEqual([2, 16]);
    await importDorFile(
      test.database.db,
      file(row(), row({ low: '5000', high: '9999', code: '1700', local: '0.037', total: '0.102' })),
      who,
    );
    expect(await counts()).toEqual([2, 10]);
  });

  it('two imports of the same file at once take turns: the periods once, their ranges once', async () => {
    await Promise.all([
      importDorFile(test.database.db, SAMPLE, who),
      importDorFile(test.database.db, SAMPLE, who),
    ]);
    expect(await counts()).toEqual([2, 16]);
    await importDorFile(
      test.database.db,
      file(row(), row({ low: '5000', high: '9999', code: '1700', local: '0.037', total: '0.102' })),
      who,
    );
  });

  it('refuses a period that overlaps one imported with other dates, and a file with no rows', async () => {
    const december = file(row({ start: '20261201', end: '20261231' }));
    const error = await importDorFile(test.database.db, december, who).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      TAX_MESSAGES.periodOverlaps('2026-12-01', '2026-12-31'),
    );
    await expect(importDorFile(test.database.db, `${HEADER}\n`, who)).rejects.toThrow(
      TAX_MESSAGES.fileEmpty,
    );
    expect(await counts()).toEqual([2, 10]);
  });
});
