/** How the back office writes counts and states for the owner to read (issue 25 point 6). */

/** The noun for `count` things: 'order' for 1, 'orders' otherwise. */
export const noun = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);

/** A count with its noun: '1 order', '2 orders', '0 orders'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${noun(count, one, many)}`;

/** How many shoppers wait for an item to be back (issue 27): '1 shopper waiting'. */
export const waitingLabel = (count: number) => `${plural(count, 'shopper')} waiting`;

/** A state as a word: 'refund_failed' → 'Refund failed', 'unfulfilled' → 'Unfulfilled'. */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
