import { describe, expect, it } from 'vitest';
import { bulkStockBody, STOCK_MESSAGES } from '../../core/admin/stock-body';

/** Issue 28: the stock page's thresholds go through the same schema the API reads. */
describe('the bulk stock body’s thresholds', () => {
  const parse = (items: object[]) => bulkStockBody.safeParse({ items });

  it('takes whole numbers 0–999, as numbers or text, and empty as "the product’s"', () => {
    const parsed = parse([
      { sku: 'A', threshold: 0 },
      { sku: 'B', threshold: '999' },
      { sku: 'C', threshold: '' },
      { sku: 'D', threshold: null, quantity: '4' },
      { sku: 'E', quantity: 2 },
    ]);
    expect(parsed.success && parsed.data.items).toEqual([
      { sku: 'A', threshold: 0 },
      { sku: 'B', threshold: 999 },
      { sku: 'C', threshold: null },
      { sku: 'D', threshold: null, quantity: 4 },
      { sku: 'E', quantity: 2 },
    ]);
  });

  it.each([1000, -1, 2.5, 'three', true])('refuses %s, naming the row', (threshold) => {
    const parsed = parse([{ sku: 'EG-X', threshold }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['items', 0, 'threshold'],
        message: STOCK_MESSAGES.row('EG-X', STOCK_MESSAGES.threshold),
      }),
    ]);
  });

  it('refuses a row with neither a quantity nor a threshold', () => {
    const parsed = parse([{ sku: 'EG-X' }]);
    expect(parsed.error?.issues[0]?.message).toBe(
      STOCK_MESSAGES.row('EG-X', STOCK_MESSAGES.nothingToChange),
    );
  });
});
