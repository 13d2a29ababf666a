import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxRatePeriods, taxZipRanges } from '../../api/db/schema';
import { importDorFile } from '../../api/modules/tax/import';
import { taxStatus } from '../../api/modules/tax/index';
import { periodOn } from '../../api/modules/tax/washington';
import { useApi } from '../helpers/api';

/**
 * Issue 36 row 10 (Deliver 9): a 200,000-row rate file is checked first, then written in batches,
 * so the shop keeps answering while it is imported; on PGlite (one connection) the whole import in
 * one transaction kept every request waiting for 42 s. Requests are made throughout the import,
 * and each must answer within BOUND_MS; every range is there afterwards.
 */
const SAMPLE = readFileSync('api/modules/tax/sample/wa-zip4-sample.csv', 'utf8');
const ROWS = 200_000;
/**
 * About 200 ms on a quiet machine, 600 ms on one shared by five test runs (load 12 on 2 cores):
 * the bound leaves room for that, and is still twenty times below the stall it replaces.
 */
const BOUND_MS = 2_000;

function bigFile(): string {
  const lines = ['ZIP,PLUS4_LOW,PLUS4_HIGH,CODE,STATE,LOCAL,TOT_RATE,EFF_START,EFF_END'];
  const perZip = 100;
  for (let n = 0; n < ROWS; n += 1) {
    const zip = String(98_000 + Math.floor(n / perZip)).padStart(5, '0');
    const low = String((n % perZip) * 100).padStart(4, '0');
    const high = String((n % perZip) * 100 + 99).padStart(4, '0');
    lines.push(`${zip},${low},${high},1715,0.065,0.039,0.104,20261001,20261231`);
  }
  return lines.join('\r\n');
}

describe.skipIf(process.env.DATABASE_URL)('a long tax import never stops the shop (PGlite)', () => {
  const api = useApi();

  it('answers requests within the bound throughout a 200k-row import; every rate is there after', async () => {
    const content = bigFile();
    const db = api.test.database.db;
    let done = false;
    const started = Date.now();
    const importing = importDorFile(db, content, {
      sourceName: 'big.csv',
      importedBy: 'test',
    }).finally(() => {
      done = true;
    });
    // A request is due every 50 ms; its wait counts from when it was due, so time the process
    // spent unable to take it (reading the file, a long statement) counts too.
    const waits: number[] = [];
    for (let due = Date.now(); !done; due += 50) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const answer = await api.get('/tax/zip-needs-plus4?zip=98052');
      expect(answer.status).toBe(200);
      waits.push(Date.now() - due);
      due = Math.max(due, Date.now() - 50);
    }
    const periods = await importing;
    const took = Date.now() - started;
    const sorted = [...waits].sort((a, b) => a - b);
    console.log(
      `import of ${ROWS} rows: ${took} ms, ${waits.length} requests meanwhile, median ${sorted[sorted.length >> 1]} ms, slowest ${sorted.at(-1)} ms`,
    );
    expect(periods).toEqual([{ start: '2026-10-01', end: '2026-12-31', ranges: ROWS }]);
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(BOUND_MS);
    const [period] = await db.select().from(taxRatePeriods);
    const [{ ranges }] = (await db
      .select({ ranges: count() })
      .from(taxZipRanges)
      .where(eq(taxZipRanges.periodId, period!.id))) as [{ ranges: number }];
    expect(ranges).toBe(ROWS);
  }, 600_000);
});

describe('what an interrupted import leaves', () => {
  const api = useApi();

  it('is never read by the checkout or the tax page, and the next import removes it', async () => {
    const db = api.test.database.db;
    const [left] = await db
      .insert(taxRatePeriods)
      .values({
        periodStart: '2026-10-01',
        periodEnd: '2026-12-31',
        sourceName: 'half.csv',
        rangeCount: 1,
        importedBy: 'test',
        live: false,
        importedAt: new Date(Date.now() - 2 * 3600_000),
      })
      .returning();
    await db.insert(taxZipRanges).values({
      periodId: left!.id,
      zip: '98052',
      plus4Low: '0000',
      plus4High: '9999',
      locationCode: '9999',
      stateRate: 0.065,
      localRate: 0.5,
      totalRate: 0.565,
    });
    expect(await periodOn(db, '2026-11-02')).toBeNull();
    expect((await taxStatus(db)).periods).toEqual([]);
    await importDorFile(db, SAMPLE, { sourceName: 'sample.csv', importedBy: 'test' });
    const periods = await db.select().from(taxRatePeriods);
    expect(periods.map((period) => [period.sourceName, period.live])).toEqual([
      ['sample.csv', true],
      ['sample.csv', true],
    ]);
    const stale = await db.select().from(taxZipRanges).where(eq(taxZipRanges.periodId, left!.id));
    expect(stale).toEqual([]);
  });
});
