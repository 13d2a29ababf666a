import { useState } from 'react';
import { DEFAULT_NOTICE_DAYS, formatShopDay, formatShopDays } from '../../../core/arrival';
import {
  closureBody,
  occasionBody,
  transitBody,
  type ArrivalSettingsDto,
} from '../../../core/arrival-settings';
import { STATE_OPTIONS } from '../../../core/address/states';
import { useArrivalSave } from './arrival-settings-save';
import { FormField, SettingsPanel } from './SettingsPanel';

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
  async function submit() {
    const body = { ...form, to: form.to || form.from };
    if (await save('post', '/closures', body, T.closureAdded, closureBody))
      setForm({ from: '', to: '', note: '' });
  }
  return (
    <SettingsPanel
      name="closures"
      heading={T.closuresHeading}
      intro={T.closuresIntro}
      emptyText={T.noClosures}
      items={settings.closures}
      keyOf={(closure) => closure.id}
      describe={(closure) => (
        <>
          {formatShopDays(closure.from, closure.to)} ({closure.from.slice(0, 4)})
          {closure.note ? `: ${closure.note}` : ''}
        </>
      )}
      removeLabel={T.remove}
      onRemove={(closure) => void save('delete', `/closures/${closure.id}`, undefined, T.removed)}
      submitLabel={T.addClosure}
      onSubmit={() => void submit()}
      busy={busy}
      notice={notice}
    >
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
    </SettingsPanel>
  );
}

export function OccasionsPanel({ settings, onSaved }: PanelProps) {
  const blank = { name: '', date: '', noticeDays: String(DEFAULT_NOTICE_DAYS) };
  const [form, setForm] = useState(blank);
  const { busy, notice, save } = useArrivalSave(onSaved);
  async function submit() {
    const body = { ...form, noticeDays: Number(form.noticeDays) };
    if (await save('post', '/occasions', body, T.occasionAdded, occasionBody)) setForm(blank);
  }
  return (
    <SettingsPanel
      name="occasions"
      heading={T.occasionsHeading}
      intro={T.occasionsIntro}
      emptyText={T.noOccasions}
      items={settings.occasions}
      keyOf={(occasion) => occasion.id}
      describe={(occasion) => (
        <>
          {occasion.name}, {formatShopDay(occasion.date)} {occasion.date.slice(0, 4)} (
          {occasion.noticeDays} days' notice)
        </>
      )}
      removeLabel={T.remove}
      onRemove={(occasion) =>
        void save('delete', `/occasions/${occasion.id}`, undefined, T.removed)
      }
      submitLabel={T.addOccasion}
      onSubmit={() => void submit()}
      busy={busy}
      notice={notice}
    >
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
    </SettingsPanel>
  );
}

export function TransitPanel({ settings, onSaved }: PanelProps) {
  const [form, setForm] = useState({ state: 'WA', min: '5', max: '7' });
  const { busy, notice, save } = useArrivalSave(onSaved);
  function submit() {
    const body = { state: form.state, min: Number(form.min), max: Number(form.max) };
    void save('put', '/transit', body, T.transitSaved, transitBody);
  }
  return (
    <SettingsPanel
      name="transit"
      heading={T.transitHeading}
      intro={T.transitIntro}
      items={settings.transit.filter((row) => row.custom)}
      keyOf={(row) => row.state}
      describe={(row) => `${row.state}: ${row.min}–${row.max}`}
      removeLabel={T.reset}
      onRemove={(row) => void save('delete', `/transit/${row.state}`, undefined, T.removed)}
      submitLabel={T.saveTransit}
      onSubmit={submit}
      busy={busy}
      notice={notice}
    >
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
    </SettingsPanel>
  );
}
