import {
  useId,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type SetStateAction,
  type SubmitEvent,
} from 'react';
import { SearchIcon } from './icons';
import styles from './HeaderActions.module.css';
import box from './SearchBox.module.css';
import { optionId, SuggestionList } from './SuggestionList';
import type { SuggestionOption } from './suggestion-options';
import { useHydrated } from '../shared/useHydrated';
import { useSuggestions } from './useSuggestions';
import { nextActive, searchedQuery, suggestionView } from './search-box-state';

export { searchHref } from './search-box-state';

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
  const query = typed ?? searchedQuery(hydrated);
  const suggestions = useSuggestions(query, open);
  const { href, options, shown, message } = suggestionView(query, suggestions, open);

  function go(option: SuggestionOption) {
    setOpen(false);
    location.assign(option.href);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (href) location.assign(href);
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
        onKeyDown={(event) =>
          comboboxKeyDown(event, { shown, active, options }, { setOpen, setActive, go })
        }
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

/**
 * The combobox's keys: the arrow keys move through the suggestions, Enter opens one, Escape closes
 * the list and keeps the text.
 */
function comboboxKeyDown(
  event: KeyboardEvent<HTMLInputElement>,
  { shown, active, options }: { shown: boolean; active: number; options: SuggestionOption[] },
  {
    setOpen,
    setActive,
    go,
  }: {
    setOpen: (open: boolean) => void;
    setActive: Dispatch<SetStateAction<number>>;
    go: (option: SuggestionOption) => void;
  },
) {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (!shown) {
      setOpen(true);
      return;
    }
    // Past either end the focus returns to the text (no option active), as the pattern allows.
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActive((current) => nextActive(current, step, options.length));
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
