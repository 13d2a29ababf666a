import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';
import {
  cartArrivalWindow,
  closureNotices,
  occasionNotice,
  type ArrivalLine,
  type CartArrival,
} from '../../../core/arrival';
import type { ProductArrival, ShopNotice } from '../../../core/arrival-settings';
import type { ProductKind } from '../../../core/product/kind';
import type { PersonalizationSettings } from '../../../core/product/personalization';
import { loadArrivalSettings, transitFor } from './settings';

/** A product as its arrival needs it: what it is and, when it can be personalized, the lead time. */
export interface ArrivalProduct {
  kind: ProductKind;
  personalization: Pick<PersonalizationSettings, 'leadTimeDays'> | null;
}

/**
 * A product's arrival if ordered at `now`, for a state when known, else the widest range over the
 * states shipped to; a product that can be personalized also answers the personalized window.
 */
export async function arrivalForProduct(
  db: Db,
  product: ArrivalProduct,
  state?: string | null,
  now = new Date(),
): Promise<ProductArrival> {
  const settings = await loadArrivalSettings(db);
  const calendar = { now, closures: settings.closures, transit: transitFor(settings, state) };
  const plain = cartArrivalWindow([{ kind: product.kind }], calendar)!;
  const lead = product.personalization?.leadTimeDays ?? 0;
  if (product.kind !== 'goods' || !product.personalization) return plain;
  const personalized = cartArrivalWindow([{ kind: product.kind, leadTimeDays: lead }], calendar)!;
  return { ...plain, personalized };
}

/** An active product's kind and personalization settings, or undefined. */
export async function arrivalProduct(db: Db, id: string): Promise<ArrivalProduct | undefined> {
  const [row] = await db
    .select({ kind: products.kind, personalization: products.personalization })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, 'active')));
  return row;
}

/** An order line as its arrival needs it: personalized when the shopper typed a text. */
export interface OrderArrivalLine {
  productId: string;
  kind: ProductKind;
  personalization?: unknown[] | null;
}

/** When a cart or an order arrives at `state` (null: unknown), its personalized lines' lead included. */
export async function orderArrival(
  db: Db,
  lines: readonly OrderArrivalLine[],
  state: string | null,
  now = new Date(),
): Promise<CartArrival | null> {
  const personalizedIds = lines
    .filter((line) => line.kind === 'goods' && line.personalization?.length)
    .map((line) => line.productId);
  const leads = new Map<string, number>();
  if (personalizedIds.length > 0) {
    const rows = await db
      .select({ id: products.id, personalization: products.personalization })
      .from(products)
      .where(inArray(products.id, personalizedIds));
    for (const row of rows) leads.set(row.id, row.personalization?.leadTimeDays ?? 0);
  }
  const arrivalLines: ArrivalLine[] = lines.map((line) => ({
    kind: line.kind,
    leadTimeDays: line.personalization?.length ? (leads.get(line.productId) ?? 0) : 0,
  }));
  const settings = await loadArrivalSettings(db);
  return cartArrivalWindow(arrivalLines, {
    now,
    closures: settings.closures,
    transit: transitFor(settings, state),
  });
}

/**
 * Stores the window promised to an order as it is placed (inside the transaction writing it),
 * counted from the order's own time: never recomputed afterwards. Nothing is stored when nothing ships.
 */
export async function storePromisedWindow(
  tx: Db,
  order: { id: string; createdAt: Date },
  lines: readonly OrderArrivalLine[],
  state: string | null,
): Promise<void> {
  const arrival = await orderArrival(tx, lines, state, order.createdAt);
  if (arrival?.kind !== 'parcel') return;
  await tx
    .update(orders)
    .set({
      promisedEarliest: arrival.earliest,
      promisedLatest: arrival.latest,
      shipBy: arrival.shipBy,
    })
    .where(eq(orders.id, order.id));
}

/** The notice bar's dated notices at `now`: the nearest occasion's, then the closures'. */
export async function shopNotices(db: Db, now = new Date()): Promise<ShopNotice[]> {
  const settings = await loadArrivalSettings(db);
  const { closures, occasions } = settings;
  const occasion = occasionNotice({ now, occasions, closures, transit: transitFor(settings) });
  return [
    ...(occasion ? [{ kind: 'occasion' as const, text: occasion.text }] : []),
    ...closureNotices({ now, closures }).map((notice) => ({
      kind: 'closure' as const,
      text: notice.text,
    })),
  ];
}
