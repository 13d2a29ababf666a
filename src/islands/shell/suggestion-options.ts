import { formatDollars } from '../../../core/money';
import type { SuggestAnswer, SuggestedProduct } from '../../../core/product/suggest';
import { listingHref } from '../../lib/navigation';

/** One row of the suggestions list, where it leads and what it shows. */
export type SuggestionOption =
  | { kind: 'product'; href: string; product: SuggestedProduct; price: string }
  | { kind: 'shelf'; href: string; label: string }
  | { kind: 'search'; href: string; label: string };

/** The last row's words (issue 27). */
export const searchForLabel = (query: string) => `Search for '${query}'`;

/** The rows of an answer: its products, its categories and subcategories, then "Search for". */
export function suggestionOptions(
  answer: SuggestAnswer | undefined,
  query: string,
  searchHref: string,
): SuggestionOption[] {
  const products: SuggestionOption[] = (answer?.products ?? []).map((product) => ({
    kind: 'product',
    href: `/productdetailpage/${product._id}`,
    product,
    price: formatDollars(product.price),
  }));
  const shelves: SuggestionOption[] = (answer?.shelves ?? []).map(({ category, subcategory }) => ({
    kind: 'shelf',
    href: listingHref({ label: category, category, ...(subcategory ? { subcategory } : {}) }),
    label: subcategory ? `${category} › ${subcategory}` : category,
  }));
  return [
    ...products,
    ...shelves,
    { kind: 'search', href: searchHref, label: searchForLabel(query) },
  ];
}

/** What the live region says once an answer is shown. */
export function suggestionCount(answer: SuggestAnswer): string {
  const found = answer.products.length + answer.shelves.length;
  if (found === 0) return 'No suggestions. Press Enter to search.';
  return `${found} ${found === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;
}

/** A title with the matched parts marked: a list of [text, marked] pieces. */
export function markedPieces(title: string, marks: [number, number][]): [string, boolean][] {
  const pieces: [string, boolean][] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start > at) pieces.push([title.slice(at, start), false]);
    pieces.push([title.slice(start, end), true]);
    at = end;
  }
  if (at < title.length) pieces.push([title.slice(at), false]);
  return pieces;
}
