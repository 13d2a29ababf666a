import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { occasions, shopClosures, transitDays } from '../../db/schema';
import { ALLOWED_STATES } from '../../../core/address/model';
import {
  DEFAULT_TRANSIT,
  widestTransit,
  type Occasion,
  type ShopClosure,
  type TransitDays,
} from '../../../core/arrival';
import type { ArrivalSettingsDto } from '../../../core/arrival-settings';

/** The owner's arrival settings as the calendar reads them, with the rows' ids for the back office. */
export interface ArrivalSettings {
  closures: (ShopClosure & { id: number })[];
  occasions: (Required<Occasion> & { id: number })[];
  /** The states the owner changed; any other takes DEFAULT_TRANSIT. */
  transit: Map<string, TransitDays>;
}

/**
 * Every page that sells asks for these, so they are kept in memory: forgotten when the owner
 * changes one (this process), and read again after a minute anyway (another server process).
 */
const KEEP_MS = 60_000;
const cache = new WeakMap<Db, { at: number; settings: Promise<ArrivalSettings> }>();

async function readSettings(db: Db): Promise<ArrivalSettings> {
  const [closureRows, occasionRows, transitRows] = await Promise.all([
    db.select().from(shopClosures).orderBy(asc(shopClosures.fromDay), asc(shopClosures.id)),
    db.select().from(occasions).orderBy(asc(occasions.day), asc(occasions.id)),
    db.select().from(transitDays),
  ]);
  return {
    closures: closureRows.map((row) => ({
      id: row.id,
      from: row.fromDay,
      to: row.toDay,
      note: row.note,
    })),
    occasions: occasionRows.map((row) => ({
      id: row.id,
      name: row.name,
      date: row.day,
      noticeDays: row.noticeDays,
    })),
    transit: new Map(transitRows.map((row) => [row.state, { min: row.minDays, max: row.maxDays }])),
  };
}

/** The arrival settings, from memory when read less than a minute ago. */
export function loadArrivalSettings(db: Db, now = Date.now()): Promise<ArrivalSettings> {
  const kept = cache.get(db);
  if (kept && now - kept.at < KEEP_MS) return kept.settings;
  const settings = readSettings(db);
  cache.set(db, { at: now, settings });
  settings.catch(() => cache.delete(db));
  return settings;
}

/** Called after the owner changes a setting: the next read goes to the database. */
export function forgetArrivalSettings(db: Db): void {
  cache.delete(db);
}

/** A state's transit days; unknown state: the fastest and slowest over every state shipped to. */
export function transitFor(settings: ArrivalSettings, state?: string | null): TransitDays {
  if (state) return settings.transit.get(state) ?? DEFAULT_TRANSIT;
  return widestTransit(ALLOWED_STATES.map((each) => settings.transit.get(each) ?? DEFAULT_TRANSIT));
}

/** The back office's answer: closures, occasions, and every state's transit days. */
export function settingsDto(settings: ArrivalSettings): ArrivalSettingsDto {
  return {
    closures: settings.closures.map(({ id, from, to, note }) => ({ id, from, to, note })),
    occasions: settings.occasions.map(({ id, name, date, noticeDays }) => ({
      id,
      name,
      date,
      noticeDays,
    })),
    transit: ALLOWED_STATES.map((state) => {
      const custom = settings.transit.get(state);
      return { state, ...(custom ?? DEFAULT_TRANSIT), custom: Boolean(custom) };
    }),
  };
}
