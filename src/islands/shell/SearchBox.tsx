import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { SearchIcon } from './icons';
import styles from './HeaderActions.module.css';
import box from './SearchBox.module.css';
import { optionId, SuggestionList } from './SuggestionList';
import { suggestionCount, suggestionOptions, type SuggestionOption } from './suggestion-options';
import { useHydrated } from '../shared/useHydrated';
import { useSuggestions } from './useSuggestions';

/** `/search?q=…` for a query, or null when there is nothing but spaces to search for. */
export function searchHref(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}

/**
 * The header's search box (spec §2): Enter with non-empty trimmed text goes to /search?q=.
 * Before hydration it is a plain GET form, so it works without JavaScript too. Once hydrated it
 * suggests products, categories and subcategories as the shopper types (issue 27), as a WAI-ARIA
 * 1.2 combobox: the arrow keys move through the suggestions, Enter opens one, Escape closes the
 * list and keeps the text.
 */
export function SearchBox() {
  // On /search the box starts with the query searched for (once hydrated, so the first render
  // matches the server's HTML); what the shopper types replaces it.
  const hydrated = useHydrated();
  const [typed, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const searched =
    hydrated && location.pathname === '/search'
      ? (new URLSearchParams(location.search).get('q') ?? '')
      : '';
  const query = typed ?? searched;
  const suggestions = useSuggestions(query, open);
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

  function go(option: SuggestionOption) {
    setOpen(false);
    location.assign(option.href);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (href) location.assign(href);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      // Past either end the focus returns to the text (no option active), as the pattern allows.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (current === -1) return step === 1 ? 0 : options.length - 1;
        const next = current + step;
        return next < 0 || next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && shown && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === 'Escape' && shown) {
      // Closes the list; the native search box would also empty itself, which it must not.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form
      className={`${styles.search} ${box.anchor}`}
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
    >
      <input
        className={styles.searchInput}
        type="search"
        name="q"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={() => setOpen(false)}
        placeholder="Search gifts"
        aria-label="Search products"
        enterKeyHint="search"
        autoComplete="off"
        {...(hydrated && {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': shown,
          'aria-controls': listId,
          'aria-activedescendant': shown && active >= 0 ? optionId(listId, active) : undefined,
        })}
      />
      <button className={styles.searchButton} type="submit" aria-label="Search">
        <SearchIcon />
      </button>
      {hydrated && (
        <SuggestionList
          id={listId}
          options={shown ? options : []}
          active={active}
          hidden={!shown}
          onChoose={go}
        />
      )}
      {/* A polite live region, not role=status: the page's own status messages stay the page's. */}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {message}
      </span>
    </form>
  );
}
