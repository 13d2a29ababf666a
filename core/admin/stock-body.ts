import { z } from 'zod';
import { PRODUCT_MESSAGES, quantityInput } from './product-body';
import { skuText } from '../plain-text';

/** Low-stock warnings (issue 28): the threshold every product starts with. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const LOW_STOCK_THRESHOLD_MAX = 999;

/** The stock page's one save of many quantities (issue 25): all rows are saved, or none. */
export const STOCK_MESSAGES = {
  rows: 'Change at least one quantity (at most 500 at once).',
  /** A row's message names its SKU, so the owner finds the row that stopped the save. */
  row: (sku: string, message: string) => `${sku}: ${message}`,
  twice: 'This SKU is in the list twice.',
  unknownSku: 'There is no product or variant with this SKU.',
  nothingSaved: 'Nothing was saved.',
  threshold: `Enter the low-stock threshold: a whole number from 0 to ${LOW_STOCK_THRESHOLD_MAX}.`,
  nothingToChange: 'Give a quantity or a low-stock threshold.',
  saved: (count: number) => (count === 1 ? 'Saved 1 quantity.' : `Saved ${count} quantities.`),
  savedThresholds: (count: number) =>
    count === 1 ? 'Saved 1 threshold.' : `Saved ${count} thresholds.`,
} as const;

/**
 * A low-stock threshold as the stock page sends it: a whole number 0–999, or empty (null) for "the
 * product's" on a variant and "the default" on a product.
 */
export const thresholdInput = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
    return value === null || typeof value === 'number' ? value : Number.NaN;
  },
  z.coerce
    .number({ error: STOCK_MESSAGES.threshold })
    .int(STOCK_MESSAGES.threshold)
    .min(0, STOCK_MESSAGES.threshold)
    .max(LOW_STOCK_THRESHOLD_MAX, STOCK_MESSAGES.threshold)
    .nullable(),
);

/** One row of the save: its quantity, its threshold, or both. */
export interface StockRowInput {
  sku: string;
  quantity?: number;
  /** null: a variant uses its product's threshold, a product the default. */
  threshold?: number | null;
}

/** POST /admin/products/stock/bulk: `{ items: [{ sku, quantity?, threshold? }] }`. */
export const bulkStockBody = z
  .object({
    items: z
      .array(
        z.object({
          sku: skuText,
          quantity: z.unknown().optional(),
          threshold: z.unknown().optional(),
        }),
      )
      .min(1, STOCK_MESSAGES.rows)
      .max(500, STOCK_MESSAGES.rows),
  })
  .transform((body, context) => {
    const seen = new Set<string>();
    const items: StockRowInput[] = [];
    body.items.forEach((item, index) => {
      const refuse = (field: 'quantity' | 'threshold', message: string) =>
        context.addIssue({
          code: 'custom',
          path: ['items', index, field],
          message: STOCK_MESSAGES.row(item.sku, message),
        });
      const hasQuantity = item.quantity !== undefined;
      const hasThreshold = item.threshold !== undefined;
      const quantity = hasQuantity ? quantityInput.safeParse(item.quantity) : undefined;
      const threshold = hasThreshold ? thresholdInput.safeParse(item.threshold) : undefined;
      if (seen.has(item.sku)) refuse('quantity', STOCK_MESSAGES.twice);
      else if (!hasQuantity && !hasThreshold) refuse('quantity', STOCK_MESSAGES.nothingToChange);
      else if (quantity && !quantity.success) refuse('quantity', PRODUCT_MESSAGES.quantity);
      else if (threshold && !threshold.success) refuse('threshold', STOCK_MESSAGES.threshold);
      else
        items.push({
          sku: item.sku,
          ...(quantity?.success ? { quantity: quantity.data } : {}),
          ...(threshold?.success ? { threshold: threshold.data } : {}),
        });
      seen.add(item.sku);
    });
    return { items };
  });
export type BulkStockBody = z.output<typeof bulkStockBody>;
