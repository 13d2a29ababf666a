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
}

/** A product and the rows of it that the filters kept. */
export interface StockGroup {
  productId: string;
  title: string;
  status: StockItem['status'];
  image: string | null;
  productWaiting: number;
  rows: StockItem[];
}

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

const fits = (item: StockItem, filter: StockFilter, low: number) =>
  filter === 'all' ||
  (filter === 'soldOut' ? item.quantity === 0 : item.quantity !== null && item.quantity <= low);

/**
 * The products to show, in the list's order (sold out and low first), each with the rows that
 * pass: a title match keeps all its rows, a SKU match the rows of that SKU.
 */
export function groupStock(items: StockItem[], query: StockQuery, low: number): StockGroup[] {
  const text = query.text.trim().toLocaleLowerCase('en-US');
  const groups = new Map<string, StockGroup>();
  for (const item of items) {
    if (query.category && !item.categories.includes(query.category)) continue;
    if (!fits(item, query.filter, low)) continue;
    const titled = item.title.toLocaleLowerCase('en-US').includes(text);
    if (text && !titled && !item.sku.toLocaleLowerCase('en-US').includes(text)) continue;
    const group = groups.get(item.productId) ?? {
      productId: item.productId,
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

/** The rows whose quantity the owner changed, as POST /admin/products/stock/bulk takes them. */
export const changedRows = (items: StockItem[], edits: Record<string, string>) =>
  items
    .filter((item) => item.sku in edits && edits[item.sku] !== String(item.quantity ?? 0))
    .map((item) => ({ sku: item.sku, quantity: edits[item.sku]! }));

/**
 * A refusal's row messages (`items.2.quantity`) by the SKU of the row they concern, so each shows
 * under its own field.
 */
export function messagesBySku(
  sent: { sku: string }[],
  fields: Record<string, string> | undefined,
): Record<string, string> {
  const bySku: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const index = /^items\.(\d+)\./.exec(key)?.[1];
    const sku = index === undefined ? undefined : sent[Number(index)]?.sku;
    if (sku) bySku[sku] ??= message;
  }
  return bySku;
}
