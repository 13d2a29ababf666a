import { useEffect, useState, type FormEvent } from 'react';
import { formatCents, formatRate } from '../../../core/money';
import { shopDayOf } from '../../../core/shop-calendar';
import type { TaxStatusDto } from '../../../core/tax/import-body';
import {
  TAX_REPORT_COLUMNS,
  TAX_REPORT_NOTES,
  type TaxReport,
  type TaxReportRow,
} from '../../../core/tax/report';
import { api } from '../../lib/api-client';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { saveFile } from './save-file';
import styles from './Admin.module.css';
import figures from './Figures.module.css';
import { TableHead } from '../shared/TableHead';

export const ADMIN_TAX_TEXT = {
  ratesHeading: 'Washington rate files',
  current: (start: string, end: string) => `Rates in force today: ${start} to ${end}.`,
  noPeriods: 'No rate file imported yet.',
  importHeading: 'Import a DOR rate file',
  importHint:
    'Each quarter, before the 1st of January, April, July and October, download the ZIP+4 file from the Department of Revenue, unzip it, and import the .csv or .txt here. The same quarter imported again replaces it.',
  namesHint:
    'To see each location code’s name on the report, import DOR’s location codes file (“Location codes and rates”, with NAME and CODE columns) here too; a code imported again takes its new name.',
  fileLabel: 'DOR file (ZIP+4 rates or location codes)',
  importButton: 'Import',
  importing: 'Importing…',
  reportHeading: 'Tax report',
  periodLabel: 'Month (2026-11) or quarter (2026-Q4)',
  showButton: 'Show',
  csvButton: 'Download CSV',
  empty: 'No sales or refunds in this period.',
} as const;

const isAmount = (key: keyof TaxReportRow) =>
  key !== 'location' && key !== 'label' && key !== 'orders';

function cellText(key: keyof TaxReportRow, value: string | number) {
  return typeof value === 'string' || !isAmount(key) ? String(value) : formatCents(value);
}

function ReportTable({ report }: { report: TaxReport }) {
  if (report.rows.length === 0) return <p>{ADMIN_TAX_TEXT.empty}</p>;
  const total: TaxReportRow = { ...report.totals, location: '', label: 'Total' };
  return (
    <div className={`${styles.wrap} ${figures.scroll}`}>
      <table className={styles.table}>
        <caption>
          {report.start} to {report.end}
        </caption>
        <thead>
          <tr>
            {TAX_REPORT_COLUMNS.map(([key, title]) => (
              <th key={key} scope="col" className={isAmount(key) ? figures.money : undefined}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...report.rows, total].map((row) => (
            <tr key={row.location || 'total'} data-location={row.location || 'total'}>
              {TAX_REPORT_COLUMNS.map(([key]) => (
                <td key={key} className={isAmount(key) ? figures.money : undefined}>
                  {cellText(key, row[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the report's figures leave to the owner: unnamed codes, gift cards, fallback orders. */
function ReportNotes({ report }: { report: TaxReport }) {
  return (
    <div className={figures.note}>
      {report.unnamedCodes.length > 0 && <p>{TAX_REPORT_NOTES.unnamed(report.unnamedCodes)}</p>}
      {report.totals.giftCardsSoldCents > 0 && <p>{TAX_REPORT_NOTES.giftCards}</p>}
      {report.fallbackOrders.length > 0 && (
        <section aria-labelledby="tax-fallback" data-testid="tax-fallback">
          <h3 id="tax-fallback">{TAX_REPORT_NOTES.fallbackHeading}</h3>
          <p>{TAX_REPORT_NOTES.fallbackWhy}</p>
          <p>{TAX_REPORT_NOTES.fallbackWhatToDo}</p>
          <div className={figures.scroll}>
            <table className={styles.table}>
              <TableHead
                columns={[
                  'Order',
                  'Day',
                  'Address',
                  { title: 'Rate charged', className: figures.money },
                  { title: 'Taxable amount', className: figures.money },
                  { title: 'Tax', className: figures.money },
                  'Location code (DOR’s file)',
                ]}
              />
              <tbody>
                {report.fallbackOrders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <a href={`/admin/orders/${order.id}`}>Order {order.number}</a>
                    </td>
                    <td className={figures.money}>{order.day}</td>
                    <td>
                      {order.city} {order.zipcode}
                    </td>
                    <td className={figures.money}>{formatRate(order.rate)}</td>
                    <td className={figures.money}>{formatCents(order.taxableCents)}</td>
                    <td className={figures.money}>{formatCents(order.taxCents)}</td>
                    <td>
                      {order.suggestedCode
                        ? `${order.suggestedCode}${order.suggestedName ? ` (${order.suggestedName})` : ''}`
                        : TAX_REPORT_NOTES.noSuggestion}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function TaxBody() {
  const [status, setStatus] = useState<TaxStatusDto | null>(null);
  const [failed, setFailed] = useState(false);

  const loadStatus = () =>
    api.get<TaxStatusDto>('/admin/tax/status').then((result) => {
      if (result.ok) setStatus(result.data);
      else setFailed(true);
    });
  useEffect(() => {
    void loadStatus();
  }, []);

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!status) return <p role="status">Loading…</p>;
  return (
    <>
      <TaxRates status={status} />
      <TaxImport onImported={loadStatus} />
      <TaxReportPanel />
    </>
  );
}

/** The rate files loaded: the current period, each period's ranges and source. */
function TaxRates({ status }: { status: TaxStatusDto }) {
  return (
    <section className={styles.panel} aria-labelledby="tax-rates">
      <h2 id="tax-rates">{ADMIN_TAX_TEXT.ratesHeading}</h2>
      {status.notice && (
        <p className={styles.error} role="alert">
          {status.notice}
        </p>
      )}
      {status.current && <p>{ADMIN_TAX_TEXT.current(status.current.start, status.current.end)}</p>}
      {status.periods.length === 0 ? (
        <p>{ADMIN_TAX_TEXT.noPeriods}</p>
      ) : (
        <ul>
          {status.periods.map((p) => (
            <li key={p.start}>
              {p.start} to {p.end}: {p.ranges} ranges from {p.sourceName}, imported{' '}
              {when(p.importedAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An upload of the Department of Revenue's rate file. */
function TaxImport({ onImported }: { onImported: () => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onImport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    const content = await file.text();
    const result = await api.post<{ message: string }>('/admin/tax/import', {
      fileName: file.name,
      content,
    });
    setBusy(false);
    setOutcome(
      result.ok
        ? { ok: true, text: result.data.message }
        : { ok: false, text: result.error ?? ADMIN_TEXT.failed },
    );
    if (result.ok) await onImported();
  }

  return (
    <section className={styles.panel} aria-labelledby="tax-import">
      <h2 id="tax-import">{ADMIN_TAX_TEXT.importHeading}</h2>
      <p>{ADMIN_TAX_TEXT.importHint}</p>
      <p>{ADMIN_TAX_TEXT.namesHint}</p>
      <form className={styles.form} onSubmit={onImport}>
        <label htmlFor="tax-file">{ADMIN_TAX_TEXT.fileLabel}</label>
        <input
          id="tax-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button className={styles.button} type="submit" disabled={!file || busy}>
          {busy ? ADMIN_TAX_TEXT.importing : ADMIN_TAX_TEXT.importButton}
        </button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? undefined : styles.error}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}

/** The tax report of a month: shown here or downloaded as CSV. */
function TaxReportPanel() {
  const [period, setPeriod] = useState(() => shopDayOf(new Date()).slice(0, 7));
  const [report, setReport] = useState<TaxReport | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);

  async function onReport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await api.get<TaxReport>(
      `/admin/tax/report?period=${encodeURIComponent(period)}`,
    );
    setReport(result.ok ? result.data : null);
    setReportError(result.ok ? null : (result.fields?.period ?? result.error ?? ADMIN_TEXT.failed));
  }

  async function downloadCsv() {
    const response = await api.fetch(
      `/admin/tax/report.csv?period=${encodeURIComponent(period)}`,
      {},
    );
    if (!response.ok) return setReportError(ADMIN_TEXT.failed);
    saveFile(await response.blob(), `tax-report-${period}.csv`);
  }

  return (
    <section className={styles.panel} aria-labelledby="tax-report">
      <h2 id="tax-report">{ADMIN_TAX_TEXT.reportHeading}</h2>
      <form className={styles.form} onSubmit={onReport}>
        <label htmlFor="tax-period">{ADMIN_TAX_TEXT.periodLabel}</label>
        <input id="tax-period" value={period} onChange={(event) => setPeriod(event.target.value)} />
        <button className={styles.button} type="submit">
          {ADMIN_TAX_TEXT.showButton}
        </button>
        <button className={styles.secondary} type="button" onClick={() => void downloadCsv()}>
          {ADMIN_TAX_TEXT.csvButton}
        </button>
      </form>
      {reportError && (
        <p className={styles.error} role="alert">
          {reportError}
        </p>
      )}
      {report && <ReportTable report={report} />}
      {report && <ReportNotes report={report} />}
    </section>
  );
}

/** /admin/tax: Washington's rate files (what is loaded, an upload) and the tax report. */
export default function AdminTax() {
  return (
    <RequireAdmin>
      <TaxBody />
    </RequireAdmin>
  );
}
