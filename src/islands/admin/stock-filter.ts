/** The stock page's rows and how its search and filters pick them (issue 25), apart from React. */

/** One row of GET /admin/products: a variant, or a product without variants. */
export interface StockItem {
  productId: string;
  slug: string;
  title: string;
  status: 'draft' | 'active';
  image: string | null;
  categories: string[];
  variant: string | null;
  sku: string;
  quantity: number | null;
  priceCents: number | null;
  /** Shoppers waiting for this row's item to be back (issue 27). */
  waiting: number;
  /** Shoppers waiting for anything of its product, each counted once. */
  productWaiting: number;
  /** Its product's SKU and low-stock threshold (issue 28), which its variants without their own use. */
  productSku: string;
  productThreshold: number;
  /** A variant's own threshold; null when it uses its product's (always null on a product row). */
  ownThreshold: number | null;
  /** The threshold in force: at or under it the row is low. */
  threshold: number;
}

/** A product and the rows of it that the filters kept. */
export interface StockGroup {
  productId: string;
  /** The product's own SKU and threshold: set on its line when it has variants. */
  productSku: string;
  productThreshold: number;
  /** Its rows are variants (the threshold on its line is theirs). */
  hasVariants: boolean;
  title: string;
  status: StockItem['status'];
  image: string | null;
  productWaiting: number;
  rows: StockItem[];
}

/** The stock page's texts about low-stock thresholds (issue 28). */
export const THRESHOLD_TEXT = {
  column: 'Low at',
  filter: 'Low stock (at or under its threshold)',
  caption: 'Stock: sold out and low stock (at or under its threshold) first',
  row: (name: string) => `Low-stock threshold: ${name}`,
  product: (title: string) => `Low-stock threshold of every variant of ${title}`,
  productLabel: 'Low at, for its variants',
  inherited: (threshold: number) => `${threshold} (the product's)`,
  low: 'Low',
  soldOut: 'Sold out',
} as const;

/** The dashboard's low-stock texts (issue 28). */
export const LOW_STOCK_TEXT = {
  title: 'Low stock and sold out',
  none: 'Nothing is at or under its low-stock threshold.',
  count: (count: number) => `low-stock ${count === 1 ? 'item' : 'items'}`,
  soldOut: 'Sold out',
  threshold: 'Low at',
} as const;

export const STOCK_FILTERS = {
  all: 'Everything',
  soldOut: 'Sold out',
  low: 'Low stock',
} as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

export interface StockQuery {
  /** Words of the title, or part of a SKU. */
  text: string;
  filter: StockFilter;
  /** '' for every category. */
  category: string;
}

/** Low: at or under the row's own threshold (issue 28); sold out counts too. */
export const isLow = (item: Pick<StockItem, 'quantity' | 'threshold'>) =>
  item.quantity !== null && item.quantity <= item.threshold;

const fits = (item: StockItem, filter: StockFilter) =>
  filter === 'all' || (filter === 'soldOut' ? item.quantity === 0 : isLow(item));

/**
 * The products to show, in the list's order (sold out and low first), each with the rows that
 * pass: a title match keeps all its rows, a SKU match the rows of that SKU.
 */
export function groupStock(items: StockItem[], query: StockQuery): StockGroup[] {
  const text = query.text.trim().toLocaleLowerCase('en-US');
  const groups = new Map<string, StockGroup>();
  for (const item of items) {
    if (query.category && !item.categories.includes(query.category)) continue;
    if (!fits(item, query.filter)) continue;
    const titled = item.title.toLocaleLowerCase('en-US').includes(text);
    if (text && !titled && !item.sku.toLocaleLowerCase('en-US').includes(text)) continue;
    const group = groups.get(item.productId) ?? {
      productId: item.productId,
      productSku: item.productSku,
      productThreshold: item.productThreshold,
      hasVariants: item.variant !== null,
      title: item.title,
      status: item.status,
      image: item.image,
      productWaiting: item.productWaiting,
      rows: [],
    };
    group.rows.push(item);
    groups.set(item.productId, group);
  }
  return [...groups.values()];
}

/** Every category of the listed products, by name. */
export const categoriesOf = (items: StockItem[]) =>
  [...new Set(items.flatMap((item) => item.categories))].sort((a, b) =>
    a.localeCompare(b, 'en-US'),
  );

/**
 * The threshold a row's field shows, by the SKU it is saved under: a variant's own (empty: its
 * product's), a product's; `productSku` keys the threshold a product with variants gives them.
 */
export function shownThresholds(items: StockItem[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const item of items) {
    shown[item.productSku] = String(item.productThreshold);
    if (item.variant !== null) shown[item.sku] = String(item.ownThreshold ?? '');
  }
  return shown;
}

/** One row as POST /admin/products/stock/bulk takes it: what changed of its quantity and threshold. */
export interface ChangedRow {
  sku: string;
  quantity?: string;
  threshold?: string;
}

/**
 * The rows whose quantity or low-stock threshold the owner changed, as POST
 * /admin/products/stock/bulk takes them; `thresholds` are keyed as `shownThresholds` keys them.
 */
export function changedRows(
  items: StockItem[],
  edits: Record<string, string>,
  thresholds: Record<string, string> = {},
): ChangedRow[] {
  const shown = shownThresholds(items);
  const rows = new Map<string, ChangedRow>();
  for (const item of items)
    if (item.sku in edits && edits[item.sku] !== String(item.quantity ?? 0))
      rows.set(item.sku, { sku: item.sku, quantity: edits[item.sku]! });
  for (const [sku, value] of Object.entries(thresholds))
    if (sku in shown && value.trim() !== shown[sku])
      rows.set(sku, { ...(rows.get(sku) ?? { sku }), threshold: value.trim() });
  return [...rows.values()];
}

/**
 * A refusal's row messages (`items.2.quantity`) by the SKU of the row they concern, so each shows
 * under its own field.
 */
export function messagesBySku(
  sent: { sku: string }[],
  fields: Record<string, string> | undefined,
  /** Only the messages of this field (a threshold's show under the threshold, issue 28). */
  field?: 'quantity' | 'threshold',
): Record<string, string> {
  const bySku: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (field === 'quantity' && key.endsWith('.threshold')) continue;
    if (field === 'threshold' && !key.endsWith('.threshold')) continue;
    const index = /^items\.(\d+)\./.exec(key)?.[1];
    const sku = index === undefined ? undefined : sent[Number(index)]?.sku;
    if (sku) bySku[sku] ??= message;
  }
  return bySku;
}

/**
 * What the save bar says of the changes not saved yet: quantities and low-stock thresholds each
 * counted as what they are (issue 39: a threshold changed read as "1 quantity changed").
 */
export function unsavedText(changed: ChangedRow[]): string {
  const quantities = changed.filter((row) => row.quantity !== undefined).length;
  const thresholds = changed.filter((row) => row.threshold !== undefined).length;
  if (quantities + thresholds === 0) return 'No quantity or threshold changed.';
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    quantities > 0 ? count(quantities, 'quantity', 'quantities') : '',
    thresholds > 0 ? count(thresholds, 'threshold', 'thresholds') : '',
  ].filter(Boolean);
  return `${parts.join(' and ')} changed, not saved yet.`;
}
