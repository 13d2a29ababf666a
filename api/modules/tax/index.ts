import { Elysia } from 'elysia';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxRatePeriods } from '../../db/schema';
import type { AdminAuthPlugin } from '../auth';
import { sameSiteJson } from '../../plugins/same-site-json';
import { addDays } from '../../../core/dates';
import { shopDayOf } from '../../../core/shop-calendar';
import {
  taxImportBody,
  zipNeedsPlus4Query,
  type TaxStatusDto,
} from '../../../core/tax/import-body';
import { TAX_MESSAGES } from '../../../core/tax/messages';
import { taxReportQuery } from '../../../core/tax/report';
import { audit } from '../../lib/audit';
import { importDorFile } from './import';
import { importLocationNames, isLocationNamesFile } from './location-names';
import { taxReport, taxReportCsv } from './report';
import { lookupWashington } from './washington';

/** Days before a period's end from which the tax page asks for the next quarter's file. */
const WARN_DAYS = 14;

export async function taxStatus(db: Db, now = new Date()): Promise<TaxStatusDto> {
  const today = shopDayOf(now);
  const rows = await db
    .select()
    .from(taxRatePeriods)
    .where(eq(taxRatePeriods.live, true))
    .orderBy(desc(taxRatePeriods.periodStart));
  const periods = rows.map((row) => ({
    start: row.periodStart,
    end: row.periodEnd,
    ranges: row.rangeCount,
    sourceName: row.sourceName,
    importedAt: row.importedAt.toISOString(),
  }));
  const current = periods.find((period) => period.start <= today && today <= period.end) ?? null;
  let notice: string | null = null;
  if (!current) notice = TAX_MESSAGES.noCurrentPeriod(today);
  else if (addDays(today, WARN_DAYS) > current.end) {
    const next = addDays(current.end, 1);
    if (!periods.some((period) => period.start <= next && next <= period.end)) {
      notice = TAX_MESSAGES.nextPeriodMissing(current.end);
    }
  }
  return {
    today,
    current: current && { start: current.start, end: current.end, ranges: current.ranges },
    periods,
    notice,
  };
}

/**
 * GET /api/tax/zip-needs-plus4?zip=: whether the checkout must ask this Washington ZIP's +4 today
 * (its ranges have several location codes), so the form says so before the order is sent.
 */
export const taxModule = ({ db, now = () => new Date() }: { db: Db; now?: () => Date }) =>
  new Elysia({ name: 'tax', prefix: '/tax' }).get(
    '/zip-needs-plus4',
    async ({ query }) => {
      const found = await lookupWashington(db, query.zip, shopDayOf(now()));
      if (found.kind !== 'needsPlus4') return { needsPlus4: false };
      const message = found.plus4Given ? TAX_MESSAGES.plus4Unknown : TAX_MESSAGES.zipNeedsPlus4;
      return { needsPlus4: true, message };
    },
    { query: zipNeedsPlus4Query },
  );

/** The back office's tax page: the rate files imported, an upload, the report on screen and as CSV. */
export const adminTaxModule = ({ db, adminAuth }: { db: Db; adminAuth: AdminAuthPlugin }) =>
  new Elysia({ name: 'admin-tax', prefix: '/admin/tax' })
    .use(sameSiteJson)
    .use(adminAuth)
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store';
    })
    .get('/status', () => taxStatus(db), { admin: true })
    .post(
      '/import',
      async ({ body, user }) => {
        // DOR's location codes file names the codes (issue 39 point 10); any other is a ZIP+4 file.
        if (isLocationNamesFile(body.content)) {
          return importLocationNames(db, body.content, body.fileName, (tx, count) =>
            audit(tx, user, {
              action: 'tax.import-locations',
              entity: 'tax_locations',
              entityId: body.fileName,
              after: { fileName: body.fileName, locations: count },
            }),
          );
        }
        const periods = await importDorFile(
          db,
          body.content,
          { sourceName: body.fileName, importedBy: user.email },
          (tx, imported) =>
            audit(tx, user, {
              action: 'tax.import',
              entity: 'tax_rate_periods',
              entityId: imported.map((period) => period.start).join(','),
              after: { fileName: body.fileName, periods: imported },
            }),
        );
        const ranges = periods.reduce((sum, period) => sum + period.ranges, 0);
        const named = periods.map((period) => `${period.start} to ${period.end}`).join(', ');
        return { periods, message: TAX_MESSAGES.imported(named, ranges) };
      },
      { admin: true, body: taxImportBody },
    )
    .get('/report', ({ query }) => taxReport(db, query.period), {
      admin: true,
      query: taxReportQuery,
    })
    .get(
      '/report.csv',
      async ({ query, set }) => {
        const report = await taxReport(db, query.period);
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] =
          `attachment; filename="tax-report-${report.period}.csv"`;
        return taxReportCsv(report);
      },
      { admin: true, query: taxReportQuery },
    );

// The public face (issue 37 point 1): what other modules may use.
export { dorTaxCalculator, rateMillionths, taxCents, type TaxCalculator } from './calculator';
export { importDorFile } from './import';
