import { suggestionCount, suggestionOptions, type SuggestionOption } from './suggestion-options';
import type { SuggestState } from './useSuggestions';

/** `/search?q=…` for a query, or null when there is nothing but spaces to search for. */
export function searchHref(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}

/** On /search, once hydrated, the query searched for; otherwise nothing. */
export function searchedQuery(hydrated: boolean): string {
  return hydrated && location.pathname === '/search'
    ? (new URLSearchParams(location.search).get('q') ?? '')
    : '';
}

export interface SuggestionView {
  href: string | null;
  options: SuggestionOption[];
  /** Whether the list of suggestions is shown. */
  shown: boolean;
  /** What the live region says. */
  message: string;
}

/** What the search box shows for the query typed, the suggestions' state and whether it is open. */
export function suggestionView(
  query: string,
  suggestions: SuggestState,
  open: boolean,
): SuggestionView {
  const href = searchHref(query);
  const answer = suggestions.status === 'ready' ? suggestions.answer : undefined;
  const options =
    href && suggestions.status !== 'idle' ? suggestionOptions(answer, query.trim(), href) : [];
  const shown = open && options.length > 0 && suggestions.status !== 'loading';
  const message =
    !shown || suggestions.status === 'idle'
      ? ''
      : suggestions.status === 'failed'
        ? 'Suggestions are not available. Press Enter to search.'
        : answer
          ? suggestionCount(answer)
          : '';
  return { href, options, shown, message };
}

/**
 * The option active after one step down (1) or up (-1) among `count` options. Past either end the
 * focus returns to the text (no option active, -1), as the pattern allows.
 */
export function nextActive(current: number, step: 1 | -1, count: number): number {
  if (current === -1) return step === 1 ? 0 : count - 1;
  const next = current + step;
  return next < 0 || next >= count ? -1 : next;
}
