import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../api/lib/errors';
import { dorTaxCalculator } from '../../api/modules/tax/calculator';
import { importDorFile } from '../../api/modules/tax/import';
import { TAX_MESSAGES } from '../../core/tax/messages';
import { shopDayOf } from '../../core/shop-calendar';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const SAMPLE = readFileSync('api/modules/tax/sample/wa-zip4-sample.csv', 'utf8');
const NOV = new Date('2026-11-15T20:00:00Z');

describe('the rate in force for a Washington address (issue 28)', () => {
  let test: TestDatabase;
  let tax: ReturnType<typeof dorTaxCalculator>;
  beforeAll(async () => {
    test = await createTestDatabase();
    tax = dorTaxCalculator(test.database.db);
  });
  afterAll(async () => {
    await test.cleanup();
  });
  const wa = (zipcode: string, at = NOV) => tax.rateFor({ state: 'WA', zipcode }, at);

  it('before any import, taxes from the committed ZIP-prefix table, with no location code', async () => {
    expect(await wa('98052')).toEqual({ rate: 0.102, jurisdiction: 'Washington sales tax' });
  });

  it("after the import: the ZIP+4's range, a uniform ZIP by itself, a split ZIP refused under the ZIP field", async () => {
    await importDorFile(test.database.db, SAMPLE, { sourceName: 'sample', importedBy: 'test' });
    const q4 = { periodStart: '2026-10-01', periodEnd: '2026-12-31' };
    expect(await wa('98052-1234')).toEqual({
      rate: 0.104,
      jurisdiction: 'Washington sales tax',
      location: { code: '1715', ...q4 },
    });
    expect((await wa('98052-6000')).location).toEqual({ code: '1700', ...q4 });
    expect(await wa('98052-6000')).toMatchObject({ rate: 0.102 });
    // Two ranges, one location code: the ZIP is enough.
    expect(await wa('98033')).toMatchObject({ rate: 0.103, location: { code: '1716' } });
    const refused = await wa('98052').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).fields).toEqual({ zipcode: TAX_MESSAGES.zipNeedsPlus4 });
  });

  it('keeps a quarter’s rate through its last day in Los Angeles, and takes the next from the first', async () => {
    const lastMinute = new Date('2027-01-01T07:59:00Z'); // 23:59 on Dec 31 in Los Angeles
    const firstMinute = new Date('2027-01-01T08:00:00Z'); // 00:00 on Jan 1
    expect(shopDayOf(lastMinute)).toBe('2026-12-31');
    expect(await wa('98004', lastMinute)).toEqual({
      rate: 0.103,
      jurisdiction: 'Washington sales tax',
      location: { code: '1704', periodStart: '2026-10-01', periodEnd: '2026-12-31' },
    });
    expect(await wa('98004', firstMinute)).toEqual({
      rate: 0.104,
      jurisdiction: 'Washington sales tax',
      location: { code: '1704', periodStart: '2027-01-01', periodEnd: '2027-03-31' },
    });
  });

  it('refuses a ZIP+4 the file does not list in a split ZIP, and takes a uniform ZIP’s code for any +4', async () => {
    const q1 = '20280101,20280331';
    await importDorFile(
      test.database.db,
      [
        `98052,0000,4999,1715,0.065,0.039,0.104,${q1}`,
        `98052,6000,9999,1700,0.065,0.037,0.102,${q1}`,
        `98033,0000,3999,1716,0.065,0.038,0.103,${q1}`,
      ].join('\n'),
      { sourceName: 'gap', importedBy: 'test' },
    );
    const at = new Date('2028-02-01T20:00:00Z');
    const refused = await wa('98052-5500', at).catch((error: unknown) => error);
    expect((refused as AppError).fields).toEqual({ zipcode: TAX_MESSAGES.plus4Unknown });
    expect(await wa('98033-7777', at)).toMatchObject({ rate: 0.103, location: { code: '1716' } });
  });

  it('falls back to the table for a date no period covers and a ZIP the file does not list; other states unchanged', async () => {
    expect(await wa('98004', new Date('2027-04-01T19:00:00Z'))).toEqual({
      rate: 0.102,
      jurisdiction: 'Washington sales tax',
    });
    expect(await wa('98101')).toEqual({ rate: 0.1035, jurisdiction: 'Washington sales tax' });
    expect(await tax.rateFor({ state: 'OR', zipcode: '97201' }, NOV)).toEqual({
      rate: 0,
      jurisdiction: 'No sales tax',
    });
  });
});
