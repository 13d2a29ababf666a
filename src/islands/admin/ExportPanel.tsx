import { useState } from 'react';
import { api } from '../../lib/api-client';
import { EXPORT_TEXT, exportQuery } from '../../../core/admin/exports';
import { addDays } from '../../../core/dates';
import { shopDayOf } from '../../../core/shop-calendar';
import { ADMIN_TEXT } from './RequireAdmin';
import { saveFile } from './save-file';
import { NoticeLine, type Notice } from './useAdminAction';
import styles from './Admin.module.css';

/** This month so far, in the shop's days. */
function thisMonth(): { from: string; to: string } {
  const today = shopDayOf(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The whole of last month, in the shop's days: what an accountant asks for at the month's start. */
function lastMonth(): { from: string; to: string } {
  const to = addDays(thisMonth().from, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** Whether a CSV holds no row under its header (a quoted cell may hold a line break, a header never). */
const noRows = (csv: string) =>
  !csv
    .replace(/^\uFEFF/, '')
    .trim()
    .includes('\n');

type DateRange = ReturnType<typeof thisMonth>;

/** The export's days: this month, last month, or any from and to. */
function DateRangeFields({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
}) {
  return (
    <>
      <button className={styles.secondary} type="button" onClick={() => onChange(thisMonth())}>
        {EXPORT_TEXT.thisMonth}
      </button>
      <button className={styles.secondary} type="button" onClick={() => onChange(lastMonth())}>
        {EXPORT_TEXT.lastMonth}
      </button>
      <label>
        From
        <input
          type="date"
          value={range.from}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
        />
      </label>
      <label>
        To
        <input
          type="date"
          value={range.to}
          onChange={(e) => onChange({ ...range, to: e.target.value })}
        />
      </label>
    </>
  );
}

/** The CSV exports (issue 28): a range of shop days, fetched with the session, saved as a file. */
export function ExportPanel() {
  const [range, setRange] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function download(kind: 'orders' | 'order-lines') {
    const parsed = exportQuery.safeParse(range);
    if (!parsed.success) {
      setNotice({ error: true, text: parsed.error.issues.map((i) => i.message).join(' ') });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const response = await api.fetch(`/admin/exports/${kind}.csv?${new URLSearchParams(range)}`);
      if (!response.ok) throw new Error(String(response.status));
      const csv = await response.text();
      if (noRows(csv)) {
        setNotice({ error: false, text: EXPORT_TEXT.empty });
        return;
      }
      const file = new Blob([csv], { type: 'text/csv;charset=utf-8' });
      saveFile(file, `${kind}-${range.from}-to-${range.to}.csv`);
      setNotice({ error: false, text: EXPORT_TEXT.done });
    } catch {
      setNotice({ error: true, text: ADMIN_TEXT.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="export-title">
      <h2 id="export-title">{EXPORT_TEXT.title}</h2>
      <p>{EXPORT_TEXT.intro}</p>
      <div className={styles.form}>
        <DateRangeFields range={range} onChange={setRange} />
        <button
          className={styles.button}
          type="button"
          disabled={busy}
          onClick={() => void download('orders')}
        >
          {EXPORT_TEXT.orders}
        </button>
        <button
          className={styles.secondary}
          type="button"
          disabled={busy}
          onClick={() => void download('order-lines')}
        >
          {EXPORT_TEXT.lines}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </section>
  );
}
