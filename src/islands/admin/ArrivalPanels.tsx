import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { DEFAULT_NOTICE_DAYS, formatShopDay, formatShopDays } from '../../../core/arrival';
import {
  closureBody,
  occasionBody,
  transitBody,
  type ArrivalSettingsDto,
} from '../../../core/arrival-settings';
import { STATE_OPTIONS } from '../../../core/address/states';
import { useArrivalSave } from './arrival-settings-save';
import { NoticeLine } from './useAdminAction';
import styles from './Admin.module.css';

interface PanelProps {
  settings: ArrivalSettingsDto;
  onSaved: (settings: ArrivalSettingsDto) => void;
}

export const ARRIVAL_PANEL_TEXT = {
  closuresHeading: 'Closures',
  closuresIntro:
    'Days the shop does not prepare or ship orders: one day, or a range. Shoppers see the note in the notice bar from 30 days before (the dates when the note is empty).',
  noClosures: 'No closures.',
  from: 'First day closed',
  to: 'Last day closed (empty: one day)',
  note: 'Note for shoppers',
  addClosure: 'Add closure',
  closureAdded: 'Closure added.',
  remove: 'Remove',
  removed: 'Removed.',
  occasionsHeading: 'Occasions',
  occasionsIntro:
    'From the notice days before an occasion, the notice bar says the last day to order for delivery by it, counted from the calendar; after that day, that it can no longer be met.',
  noOccasions: 'No occasions.',
  name: 'Name (e.g. Christmas)',
  date: 'Date',
  noticeDays: 'Notice days',
  addOccasion: 'Add occasion',
  occasionAdded: 'Occasion added.',
  transitHeading: 'Transit days per state',
  transitIntro: 'Business days a parcel travels. States not listed take 5–7.',
  state: 'State',
  min: 'Fastest',
  max: 'Slowest',
  saveTransit: 'Save transit days',
  transitSaved: 'Transit days saved.',
  reset: 'Back to 5–7',
} as const;
const T = ARRIVAL_PANEL_TEXT;

export function ClosuresPanel({ settings, onSaved }: PanelProps) {
  const [form, setForm] = useState({ from: '', to: '', note: '' });
  const { busy, notice, save } = useArrivalSave(onSaved);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...form, to: form.to || form.from };
    if (await save('post', '/closures', body, T.closureAdded, closureBody))
      setForm({ from: '', to: '', note: '' });
  }
  return (
    <section className={styles.panel} aria-labelledby="closures-title">
      <h2 id="closures-title">{T.closuresHeading}</h2>
      <p>{T.closuresIntro}</p>
      {settings.closures.length === 0 ? (
        <p>{T.noClosures}</p>
      ) : (
        <ul data-testid="closures">
          {settings.closures.map((closure) => (
            <li key={closure.id}>
              {formatShopDays(closure.from, closure.to)} ({closure.from.slice(0, 4)})
              {closure.note ? `: ${closure.note}` : ''}{' '}
              <button
                className={styles.secondary}
                type="button"
                disabled={busy}
                onClick={() => void save('delete', `/closures/${closure.id}`, undefined, T.removed)}
              >
                {T.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <FormField
          label={T.from}
          type="date"
          value={form.from}
          onChange={(from) => setForm({ ...form, from })}
        />
        <FormField
          label={T.to}
          type="date"
          value={form.to}
          onChange={(to) => setForm({ ...form, to })}
        />
        <FormField
          label={T.note}
          maxLength={120}
          value={form.note}
          onChange={(note) => setForm({ ...form, note })}
        />
        <button className={styles.button} type="submit" disabled={busy}>
          {T.addClosure}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}

export function OccasionsPanel({ settings, onSaved }: PanelProps) {
  const blank = { name: '', date: '', noticeDays: String(DEFAULT_NOTICE_DAYS) };
  const [form, setForm] = useState(blank);
  const { busy, notice, save } = useArrivalSave(onSaved);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...form, noticeDays: Number(form.noticeDays) };
    if (await save('post', '/occasions', body, T.occasionAdded, occasionBody)) setForm(blank);
  }
  return (
    <section className={styles.panel} aria-labelledby="occasions-title">
      <h2 id="occasions-title">{T.occasionsHeading}</h2>
      <p>{T.occasionsIntro}</p>
      {settings.occasions.length === 0 ? (
        <p>{T.noOccasions}</p>
      ) : (
        <ul data-testid="occasions">
          {settings.occasions.map((occasion) => (
            <li key={occasion.id}>
              {occasion.name}, {formatShopDay(occasion.date)} {occasion.date.slice(0, 4)} (
              {occasion.noticeDays} days' notice){' '}
              <button
                className={styles.secondary}
                type="button"
                disabled={busy}
                onClick={() =>
                  void save('delete', `/occasions/${occasion.id}`, undefined, T.removed)
                }
              >
                {T.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <FormField
          label={T.name}
          maxLength={40}
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
        />
        <FormField
          label={T.date}
          type="date"
          value={form.date}
          onChange={(date) => setForm({ ...form, date })}
        />
        <FormField
          label={T.noticeDays}
          type="number"
          min={1}
          max={90}
          value={form.noticeDays}
          onChange={(noticeDays) => setForm({ ...form, noticeDays })}
        />
        <button className={styles.button} type="submit" disabled={busy}>
          {T.addOccasion}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}

export function TransitPanel({ settings, onSaved }: PanelProps) {
  const [form, setForm] = useState({ state: 'WA', min: '5', max: '7' });
  const { busy, notice, save } = useArrivalSave(onSaved);
  const custom = settings.transit.filter((row) => row.custom);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { state: form.state, min: Number(form.min), max: Number(form.max) };
    await save('put', '/transit', body, T.transitSaved, transitBody);
  }
  return (
    <section className={styles.panel} aria-labelledby="transit-title">
      <h2 id="transit-title">{T.transitHeading}</h2>
      <p>{T.transitIntro}</p>
      {custom.length > 0 && (
        <ul data-testid="transit">
          {custom.map((row) => (
            <li key={row.state}>
              {row.state}: {row.min}–{row.max}{' '}
              <button
                className={styles.secondary}
                type="button"
                disabled={busy}
                onClick={() => void save('delete', `/transit/${row.state}`, undefined, T.removed)}
              >
                {T.reset}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label>
          {T.state}
          <select value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value })}>
            {STATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <FormField
          label={T.min}
          type="number"
          min={1}
          max={30}
          value={form.min}
          onChange={(min) => setForm({ ...form, min })}
        />
        <FormField
          label={T.max}
          type="number"
          min={1}
          max={30}
          value={form.max}
          onChange={(max) => setForm({ ...form, max })}
        />
        <button className={styles.button} type="submit" disabled={busy}>
          {T.saveTransit}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}

/** One labelled input of a settings form; its text goes back through `onChange`. */
function FormField({
  label,
  onChange,
  ...input
}: { label: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>) {
  return (
    <label>
      {label}
      <input {...input} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
