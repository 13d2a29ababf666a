import { z } from 'zod';
import { PRODUCT_MESSAGES, quantityInput } from './product-body';

/** The stock page's one save of many quantities (issue 25): all rows are saved, or none. */
export const STOCK_MESSAGES = {
  rows: 'Change at least one quantity (at most 500 at once).',
  /** A row's message names its SKU, so the owner finds the row that stopped the save. */
  row: (sku: string, message: string) => `${sku}: ${message}`,
  twice: 'This SKU is in the list twice.',
  unknownSku: 'There is no product or variant with this SKU.',
  nothingSaved: 'Nothing was saved.',
  saved: (count: number) => (count === 1 ? 'Saved 1 quantity.' : `Saved ${count} quantities.`),
} as const;

/** POST /admin/products/stock/bulk: `{ items: [{ sku, quantity }] }`. */
export const bulkStockBody = z
  .object({
    items: z
      .array(z.object({ sku: z.string().trim().min(1).max(100), quantity: z.unknown() }))
      .min(1, STOCK_MESSAGES.rows)
      .max(500, STOCK_MESSAGES.rows),
  })
  .transform((body, context) => {
    const seen = new Set<string>();
    const items: { sku: string; quantity: number }[] = [];
    body.items.forEach((item, index) => {
      const quantity = quantityInput.safeParse(item.quantity);
      if (!quantity.success || seen.has(item.sku))
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'quantity'],
          message: STOCK_MESSAGES.row(
            item.sku,
            quantity.success ? STOCK_MESSAGES.twice : PRODUCT_MESSAGES.quantity,
          ),
        });
      else items.push({ sku: item.sku, quantity: quantity.data });
      seen.add(item.sku);
    });
    return { items };
  });
export type BulkStockBody = z.output<typeof bulkStockBody>;
