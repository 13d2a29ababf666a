import { dollarsToCents } from '../../../core/money';
import {
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchResult,
} from '../../../core/product/model';
import { pageCount } from './product-dtos';
import { listedIn, type Derived, type SearchFact } from './listing-view';
import type { SearchIndex } from './search-index';
import { queryWords } from './search-words';
import { searchSuggestions } from './search-suggestions';
import { Smallest } from './smallest';

/**
 * The search page (spec §2, §3 Search response) over the catalogue in memory, with how many
 * products matched in all: the words' matches from the index, then the price range and category,
 * and only the asked page's matches kept in order (the rest are counted). When the words match
 * nothing, `suggestions` holds queries the index would answer (the closest words it knows).
 */
export function searchCatalogue(
  view: Derived,
  index: SearchIndex,
  filters: SearchFilters,
): { result: SearchResult; total: number; suggestions?: string[] } {
  const words = queryWords(filters.q);
  const scores = words.length > 0 ? index.search(words) : undefined;
  const minCents = filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice);
  const maxCents = filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice);
  const page = filters.page ?? 1;
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  // Only the matches up to the end of the asked page are kept in order; the rest are counted.
  const kept = new Smallest(start + SEARCH_PAGE_SIZE);
  const seen = new Uint8Array(view.categoryNames.length);
  const direction = filters.sort === 'priceDesc' ? -1 : 1;
  let count = 0;
  const consider = (fact: SearchFact, score: number) => {
    const cents = fact.cents;
    if (minCents !== undefined && cents < minCents) return;
    if (maxCents !== undefined && cents > maxCents) return;
    if (filters.onSale && !fact.onSale) return;
    for (const category of fact.categories) seen[category] = 1;
    if (filters.category && !listedIn(fact.product, filters.category, filters.subcategory)) return;
    count += 1;
    kept.offer(filters.sort ? direction * cents : -score, fact.place, fact.product);
  };
  if (scores) {
    const { documents, scores: relevance } = scores;
    for (let index = 0; index < documents.length; index += 1) {
      consider(view.factsByDocument[documents[index]!]!, relevance[index]!);
    }
  } else for (const fact of view.orderedFacts) consider(fact, 0);
  const categories: string[] = [];
  seen.forEach((flag, index) => {
    if (flag) categories.push(view.categoryNames[index]!);
  });
  const result = {
    products: kept.sorted().slice(start),
    pagination: { page, pages: pageCount(count, SEARCH_PAGE_SIZE) },
    categories: categories.sort(),
  };
  if (scores && scores.documents.length === 0) {
    return { result, total: count, suggestions: searchSuggestions(index, words) };
  }
  return { result, total: count };
}
