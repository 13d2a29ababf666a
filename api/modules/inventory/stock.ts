import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ORDER_MESSAGES } from '../../../core/orders/model';
import type { StockChange } from './changed';

/** The units an order took, per product and per variant sku, so they can be put back. */
export interface StockReservation {
  products: { id: string; units: number }[];
  variants: { sku: string; units: number }[];
}

function addUnits(map: Map<string, number>, key: string, units: number) {
  map.set(key, (map.get(key) ?? 0) + units);
}

/** A line that takes stock: its product, and the variant rows (one per chosen bundle option). */
export interface StockLine {
  productId: string;
  quantity: number;
  stockSkus: string[];
}

/**
 * Takes an order's units from stock in one transaction. Every row involved is locked first, in
 * one fixed order (products by id, then variants by id) so that concurrent orders queue instead of
 * deadlocking; a row with too few units refuses the whole order ('Quantity of product is out') and
 * nothing changes. A product or variant whose stock is unknown (null) is not limited.
 */
export async function reserve(db: Db, lines: StockLine[]): Promise<StockReservation> {
  const productUnits = new Map<string, number>();
  const variantUnits = new Map<string, number>();
  for (const line of lines) {
    addUnits(productUnits, line.productId, line.quantity);
    for (const sku of line.stockSkus) addUnits(variantUnits, sku, line.quantity);
  }

  const reservation = await db.transaction(async (tx) => {
    const lockedProducts = await tx
      .select({ id: products.id, quantity: products.quantity })
      .from(products)
      .where(inArray(products.id, [...productUnits.keys()]))
      .orderBy(asc(products.id))
      .for('update');
    const lockedVariants =
      variantUnits.size === 0
        ? []
        : await tx
            .select({ sku: productVariants.sku, quantity: productVariants.quantity })
            .from(productVariants)
            .where(inArray(productVariants.sku, [...variantUnits.keys()]))
            .orderBy(asc(productVariants.id))
            .for('update');

    if (
      lockedProducts.length !== productUnits.size ||
      lockedVariants.length !== variantUnits.size
    ) {
      throw new AppError('CONFLICT', ORDER_MESSAGES.unavailable);
    }
    const short = [
      ...lockedProducts.map((row) => [row.quantity, productUnits.get(row.id)!] as const),
      ...lockedVariants.map((row) => [row.quantity, variantUnits.get(row.sku)!] as const),
    ].some(([inStock, wanted]) => inStock !== null && inStock < wanted);
    if (short) throw new AppError('CONFLICT', ORDER_MESSAGES.outOfStock);

    const reservation: StockReservation = { products: [], variants: [] };
    for (const row of lockedProducts) {
      if (row.quantity === null) continue;
      const units = productUnits.get(row.id)!;
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${units}`, updatedAt: new Date() })
        .where(sql`${products.id} = ${row.id}`);
      reservation.products.push({ id: row.id, units });
    }
    for (const row of lockedVariants) {
      const units = variantUnits.get(row.sku)!;
      await tx
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} - ${units}` })
        .where(sql`${productVariants.sku} = ${row.sku}`);
      reservation.variants.push({ sku: row.sku, units });
    }
    return reservation;
  });
  return reservation;
}

/** Puts a reservation's units back (a declined payment, a cancelled order, a received return). */
export async function release(db: Db, reservation: StockReservation): Promise<void> {
  if (reservation.products.length === 0 && reservation.variants.length === 0) return;
  await db.transaction(async (tx) => {
    // The same lock order as reserveStock, so a release and a reservation never deadlock.
    if (reservation.products.length > 0) {
      await tx
        .select({ id: products.id })
        .from(products)
        .where(
          inArray(
            products.id,
            reservation.products.map((row) => row.id),
          ),
        )
        .orderBy(asc(products.id))
        .for('update');
    }
    if (reservation.variants.length > 0) {
      await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(
          inArray(
            productVariants.sku,
            reservation.variants.map((row) => row.sku),
          ),
        )
        .orderBy(asc(productVariants.id))
        .for('update');
    }
    for (const { id, units } of reservation.products) {
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${units}`, updatedAt: new Date() })
        .where(sql`${products.id} = ${id} and ${products.quantity} is not null`);
    }
    for (const { sku, units } of reservation.variants) {
      await tx
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} + ${units}` })
        .where(sql`${productVariants.sku} = ${sku}`);
    }
  });
}

/**
 * What a reservation (taken or put back) changed. Stock moves inside its callers' transactions, so
 * they hand this to `stockChanged` once the transaction has committed: the read model then shows
 * the new stock, and never a stock that was rolled back.
 */
export function stockChangeOf(reservation: StockReservation): StockChange {
  return {
    productIds: reservation.products.map((row) => row.id),
    skus: reservation.variants.map((row) => row.sku),
  };
}

/** The units an order's lines took, read back from its stored lines (to put them back). */
export function reservationOf(
  items: { productId: string | null; quantity: number; stockSkus: string[] }[],
): StockReservation {
  const productUnits = new Map<string, number>();
  const variantUnits = new Map<string, number>();
  for (const item of items) {
    if (item.productId) addUnits(productUnits, item.productId, item.quantity);
    for (const sku of item.stockSkus) addUnits(variantUnits, sku, item.quantity);
  }
  return {
    products: [...productUnits].map(([id, units]) => ({ id, units })),
    variants: [...variantUnits].map(([sku, units]) => ({ sku, units })),
  };
}

/**
 * Sets a row's stock or low-stock threshold by hand (the back office's stock page), its rows
 * already locked in checkout's order by the caller; `stockChanged` follows once it has committed.
 */
export async function adjust(
  tx: Db,
  row: { entity: 'product' | 'variant'; id: string },
  set: { quantity?: number; lowStockThreshold?: number | null },
): Promise<void> {
  const table = row.entity === 'variant' ? productVariants : products;
  await tx
    .update(table)
    .set(set)
    .where(sql`${table.id} = ${row.id}`);
}
