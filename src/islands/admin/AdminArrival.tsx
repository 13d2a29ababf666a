import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import {
  arrivalWindow,
  DEFAULT_TRANSIT,
  formatArrivalRange,
  formatShopDay,
  formatShopDays,
  widestTransit,
} from '../../../core/arrival';
import type { ArrivalSettingsDto } from '../../../core/arrival-settings';
import { ADMIN_TEXT, RequireAdmin } from './RequireAdmin';
import { ClosuresPanel, OccasionsPanel, TransitPanel } from './ArrivalPanels';
import styles from './Admin.module.css';

/** The arrival settings page's words (issue 41). */
export const ADMIN_ARRIVAL_TEXT = {
  loading: 'Loading the arrival settings...',
  todayHeading: 'An order placed today',
  today: (shipBy: string, arrives: string) =>
    `ships by ${formatShopDay(shipBy)} and arrives ${arrives} (the widest range over the states).`,
  rules: `Orders are prepared in 1–2 business days (plus a personalized item’s lead time) and travel ${DEFAULT_TRANSIT.min}–${DEFAULT_TRANSIT.max} business days unless a state is set below. Weekends, federal holidays and your closures are skipped. The window promised at checkout is kept with the order.`,
  closed: (from: string, to: string) => `Closed ${formatShopDays(from, to)}`,
} as const;

/** What an order placed now is promised with the settings on screen: the owner sees them used. */
function TodayLine({ settings }: { settings: ArrivalSettingsDto }) {
  const window = arrivalWindow({
    now: new Date(),
    closures: settings.closures,
    transit: widestTransit(settings.transit),
  });
  return (
    <section className={styles.panel} aria-labelledby="arrival-today">
      <h2 id="arrival-today">{ADMIN_ARRIVAL_TEXT.todayHeading}</h2>
      <p data-testid="arrival-today">
        {ADMIN_ARRIVAL_TEXT.today(window.shipBy, formatArrivalRange(window))}
      </p>
      <p>{ADMIN_ARRIVAL_TEXT.rules}</p>
    </section>
  );
}

function ArrivalBody() {
  const [settings, setSettings] = useState<ArrivalSettingsDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.get<ArrivalSettingsDto>('/admin/arrival').then((result) => {
      if (result.ok) setSettings(result.data);
      else setFailed(true);
    });
  }, []);
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!settings) return <p role="status">{ADMIN_ARRIVAL_TEXT.loading}</p>;
  return (
    <>
      <TodayLine settings={settings} />
      <ClosuresPanel settings={settings} onSaved={setSettings} />
      <OccasionsPanel settings={settings} onSaved={setSettings} />
      <TransitPanel settings={settings} onSaved={setSettings} />
    </>
  );
}

export default function AdminArrival() {
  return (
    <RequireAdmin>
      <ArrivalBody />
    </RequireAdmin>
  );
}
