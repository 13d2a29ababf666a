import { describe, expect, it } from 'vitest';
import {
  changedRows,
  groupStock,
  isLow,
  messagesBySku,
  shownThresholds,
  type StockItem,
  unsavedText,
} from '../../src/islands/admin/stock-filter';

const item = (over: Partial<StockItem>): StockItem => ({
  productId: 'p1',
  slug: 'mug',
  title: 'Cedar Ridge Mug',
  status: 'active',
  image: null,
  categories: ['Home'],
  variant: null,
  sku: 'EG-MUG',
  quantity: 10,
  priceCents: 2400,
  waiting: 0,
  productWaiting: 0,
  productSku: 'EG-MUG',
  productThreshold: 5,
  ownThreshold: null,
  threshold: 5,
  ...over,
});

const ITEMS = [
  item({ variant: 'Green', sku: 'EG-MUG-GRN', quantity: 0 }),
  item({ variant: 'Blue', sku: 'EG-MUG-BLU', quantity: 4 }),
  item({ variant: 'Cream', sku: 'EG-MUG-CRM', quantity: 9 }),
  item({ productId: 'p2', title: 'Cork Yoga Block', sku: 'EG-BLOCK', categories: ['Yoga'] }),
];
const ALL = { text: '', filter: 'all', category: '' } as const;

describe('the stock table’s search and filters (issue 25)', () => {
  it('groups the rows by product, keeping the list’s order', () => {
    const groups = groupStock(ITEMS, ALL);
    expect(groups.map((g) => [g.title, g.rows.map((r) => r.sku)])).toEqual([
      ['Cedar Ridge Mug', ['EG-MUG-GRN', 'EG-MUG-BLU', 'EG-MUG-CRM']],
      ['Cork Yoga Block', ['EG-BLOCK']],
    ]);
  });

  it('a title match keeps every row of the product; a SKU match only that row', () => {
    expect(groupStock(ITEMS, { ...ALL, text: 'ridge MUG' })[0]!.rows).toHaveLength(3);
    const bySku = groupStock(ITEMS, { ...ALL, text: 'mug-blu' });
    expect(bySku.map((g) => g.rows.map((r) => r.sku))).toEqual([['EG-MUG-BLU']]);
    expect(groupStock(ITEMS, { ...ALL, text: 'lantern' })).toEqual([]);
  });

  it('filters sold out, low stock (at or below the threshold) and category', () => {
    const skus = (query: Partial<typeof ALL> | object) =>
      groupStock(ITEMS, { ...ALL, ...query }).flatMap((g) => g.rows.map((r) => r.sku));
    expect(skus({ filter: 'soldOut' })).toEqual(['EG-MUG-GRN']);
    expect(skus({ filter: 'low' })).toEqual(['EG-MUG-GRN', 'EG-MUG-BLU']);
    expect(skus({ category: 'Yoga' })).toEqual(['EG-BLOCK']);
  });

  it('sends only the rows whose figure changed, and puts a refusal under its row', () => {
    const changed = changedRows(ITEMS, { 'EG-MUG-GRN': '0', 'EG-MUG-BLU': '7', 'EG-BLOCK': 'x' });
    expect(changed).toEqual([
      { sku: 'EG-MUG-BLU', quantity: '7' },
      { sku: 'EG-BLOCK', quantity: 'x' },
    ]);
    expect(
      messagesBySku(changed, { 'items.1.quantity': 'EG-BLOCK: Enter the number in stock.' }),
    ).toEqual({ 'EG-BLOCK': 'EG-BLOCK: Enter the number in stock.' });
  });
});

describe('low-stock thresholds on the stock page (issue 28)', () => {
  const ROWS = [
    // The mug's threshold is 3; Green has its own 10.
    item({ variant: 'Green', sku: 'EG-MUG-GRN', quantity: 8, ownThreshold: 10, threshold: 10 }),
    item({ variant: 'Blue', sku: 'EG-MUG-BLU', quantity: 4, productThreshold: 3, threshold: 3 }),
    item({ variant: 'Cream', sku: 'EG-MUG-CRM', quantity: 3, productThreshold: 3, threshold: 3 }),
    item({
      productId: 'p2',
      title: 'Cork Yoga Block',
      sku: 'EG-BLOCK',
      productSku: 'EG-BLOCK',
      quantity: 0,
      productThreshold: 0,
      threshold: 0,
    }),
  ];

  it('the low filter uses each row’s own threshold, sold out included', () => {
    const low = groupStock(ROWS, { text: '', filter: 'low', category: '' });
    expect(low.flatMap((g) => g.rows.map((r) => r.sku))).toEqual([
      'EG-MUG-GRN',
      'EG-MUG-CRM',
      'EG-BLOCK',
    ]);
    expect(ROWS.filter(isLow).map((r) => r.sku)).not.toContain('EG-MUG-BLU');
  });

  it('sends a changed threshold with its row, a product’s under the product’s SKU', () => {
    expect(shownThresholds(ROWS)).toEqual({
      'EG-MUG': '3',
      'EG-MUG-GRN': '10',
      'EG-MUG-BLU': '',
      'EG-MUG-CRM': '',
      'EG-BLOCK': '0',
    });
    const changed = changedRows(
      ROWS,
      { 'EG-MUG-BLU': '2' },
      { 'EG-MUG': '5', 'EG-MUG-BLU': '1', 'EG-MUG-GRN': '10', 'EG-MUG-CRM': '' },
    );
    expect(changed).toEqual([
      { sku: 'EG-MUG-BLU', quantity: '2', threshold: '1' },
      { sku: 'EG-MUG', threshold: '5' },
    ]);
    expect(
      messagesBySku(
        changed,
        { 'items.0.threshold': 'threshold', 'items.1.quantity': 'quantity' },
        'threshold',
      ),
    ).toEqual({ 'EG-MUG-BLU': 'threshold' });
  });
});

describe('the save bar (issue 39)', () => {
  it('counts quantities and thresholds each as what they are', () => {
    expect(unsavedText([])).toBe('No quantity or threshold changed.');
    expect(unsavedText([{ sku: 'A', threshold: '4' }])).toBe('1 threshold changed, not saved yet.');
    expect(unsavedText([{ sku: 'A', quantity: '3' }])).toBe('1 quantity changed, not saved yet.');
    expect(
      unsavedText([
        { sku: 'A', quantity: '3', threshold: '2' },
        { sku: 'B', quantity: '1' },
        { sku: 'C', threshold: '9' },
      ]),
    ).toBe('2 quantities and 2 thresholds changed, not saved yet.');
  });
});
