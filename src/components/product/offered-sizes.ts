import type { SizeTable } from '../../../core/product/size-chart';

/** One of a bundle's option lists, as the size chart needs it: its title and its options' titles. */
export interface OptionList {
  title: string;
  options: string[];
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && word !== 'size'),
  );

/**
 * A bundle's size table with only the rows of the sizes the bundle offers. The option list a table
 * belongs to is the one whose title shares a word with the table's ('Tee size' for 'Sword Fern
 * Tee'), else the one that names most of its rows. A table no option list names stays whole.
 */
export function offeredRows<T extends SizeTable & { title?: string }>(
  table: T,
  lists: OptionList[],
): T {
  const labels = table.rows.map((row) => row[0] ?? '');
  const overlap = (list: OptionList) => labels.filter((label) => list.options.includes(label));
  const titleWords = words(table.title ?? '');
  const named = lists.filter((list) => [...words(list.title)].some((word) => titleWords.has(word)));
  const candidates = (named.some((list) => overlap(list).length > 0) ? named : lists)
    .map((list) => ({ list, count: overlap(list).length }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  const best = candidates[0]?.list;
  if (!best) return table;
  return { ...table, rows: table.rows.filter((row) => best.options.includes(row[0] ?? '')) };
}
