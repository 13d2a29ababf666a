import { useState, type SubmitEvent } from 'react';
import { SearchIcon } from './icons';
import styles from './HeaderActions.module.css';
import { useHydrated } from './useHydrated';

/** `/search?q=…` for a query, or null when there is nothing but spaces to search for. */
export function searchHref(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}

/**
 * The header's search box (spec §2): Enter with non-empty trimmed text goes to /search?q=.
 * Before hydration it is a plain GET form, so it works without JavaScript too.
 */
export function SearchBox() {
  // On /search the box starts with the query searched for (once hydrated, so the first render
  // matches the server's HTML); what the shopper types replaces it.
  const hydrated = useHydrated();
  const [typed, setQuery] = useState<string | null>(null);
  const searched =
    hydrated && location.pathname === '/search'
      ? (new URLSearchParams(location.search).get('q') ?? '')
      : '';
  const query = typed ?? searched;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = searchHref(query);
    if (href) location.assign(href);
  }

  return (
    <form className={styles.search} role="search" action="/search" method="get" onSubmit={submit}>
      <input
        className={styles.searchInput}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search gifts"
        aria-label="Search products"
        enterKeyHint="search"
        autoComplete="off"
      />
      <button className={styles.searchButton} type="submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
