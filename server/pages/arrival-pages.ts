import { createHash } from 'node:crypto';
import type { Db } from '../../api/db/client';
import {
  arrivalForProduct,
  arrivalProduct,
  loadArrivalSettings,
  shopNotices,
} from '../../api/modules/shipping-calendar';
import { ARRIVAL_TEXT, type CartArrival } from '../../core/arrival';
import { ARRIVAL_LINES } from '../../core/arrival-lines';
import type { PageArrival } from '../../src/lib/page-services';

/**
 * What pages show of arrival dates (issue 41), from the shipping calendar's module: a product's
 * line and the notice bar's notices, and the version of the settings they are counted from, which
 * a kept page's version names (./kept-pages.ts) so that the owner's change shows at once.
 */

/** "Arrives Dec 16–19 if ordered today", or what happens instead of a parcel. */
function lineOf(arrival: CartArrival): string {
  return arrival.kind === 'parcel' ? ARRIVAL_TEXT.ifOrderedToday(arrival) : arrival.text;
}

/** A product page's arrival: the continental range (the page is the same for every visitor). */
export async function productArrivalLine(
  db: Db,
  productId: string,
  now: Date,
): Promise<PageArrival | null> {
  const product = await arrivalProduct(db, productId);
  if (!product) return null;
  const arrival = await arrivalForProduct(db, product, null, now);
  return {
    kind: arrival.kind,
    text: lineOf(arrival),
    ...(arrival.personalized?.kind === 'parcel' &&
    arrival.personalized.latest !== (arrival.kind === 'parcel' ? arrival.latest : '')
      ? { personalized: ARRIVAL_LINES.personalizedIfOrderedToday(arrival.personalized) }
      : {}),
  };
}

export const shopNoticesToday = (db: Db, now: Date) => shopNotices(db, now);

const versions = new WeakMap<object, string>();

/**
 * A short digest of the owner's arrival settings (closures, occasions, transit days): it changes
 * when the owner changes one, so a kept page counted from the old ones is rendered anew.
 */
export async function arrivalSettingsVersion(db: Db): Promise<string> {
  const settings = await loadArrivalSettings(db);
  let version = versions.get(settings);
  if (!version) {
    const content = JSON.stringify([
      settings.closures,
      settings.occasions,
      [...settings.transit].sort(([a], [b]) => a.localeCompare(b)),
    ]);
    version = createHash('sha256').update(content).digest('base64url').slice(0, 12);
    versions.set(settings, version);
  }
  return version;
}
