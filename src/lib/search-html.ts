import { formatDollars } from '../../core/money';
import { PRODUCT_MESSAGES } from '../../core/product/model';
import { attributes, escapeHtml, paginationHtml, productGridHtml } from './catalogue-html';
import type { SearchPage } from './catalogue-pages';
import { searchPageHref } from './navigation';
import { SHOP_ALL_LABEL, SHOP_ALL_PATH } from './shelf-labels';

/**
 * The search page's content (spec §2 Search) as HTML text: the form with its filters, the applied
 * filters as chips, the count, the results and the page links. Written as text because search
 * pages are rendered for every query anew (queries never repeat): server/search-page.ts puts this
 * into the page's shell without running Astro's renderer. Styles: src/styles/catalogue.css.
 */

const SORT_LABELS: Record<string, string> = {
  priceAsc: 'Price: Low to High',
  priceDesc: 'Price: High to Low',
};

/** What the page was asked (the URL is the state) and what the search answered. */
export interface SearchView extends SearchPage {
  url: URL;
}

/** The page's title: the query, when there is one. */
export const searchTitle = ({ q }: Pick<SearchView, 'q'>): string =>
  q ? `Search: ${q}` : 'Search';

/** The search's sale filter (issue 42): its checkbox and its chip. */
export const ON_SALE_LABEL = 'On sale';

const option = (value: string, label: string, selected: boolean) =>
  `<option${attributes({ value, selected })}>${escapeHtml(label)}</option>`;

/** The search form: the words, then the filters panel (open with its reason when refused). */
function filtersHtml(view: SearchView, typed: string): string {
  const params = view.url.searchParams;
  const refused = view.status === 400;
  const category = refused ? (params.get('category') ?? '') : view.category;
  const sort = refused ? (params.get('sort') ?? '') : view.sort;
  const problem = refused ? view.problem : undefined;
  const { categories } = view.result;
  const choices =
    category && !categories.includes(category) ? [category, ...categories] : categories;
  const priceInput = (name: string, value: string, extra: Record<string, string | undefined>) =>
    `<input${attributes({ type: 'number', name, min: '0', step: '0.01', inputmode: 'decimal', value, ...extra })}>`;
  return (
    `<form method="get" action="/search" class="search-form" data-search-form role="search">` +
    `<div class="text"><label for="search-q">Search terms</label>` +
    `<input${attributes({ id: 'search-q', type: 'search', name: 'q', value: typed, maxlength: '100', autocomplete: 'off' })}>` +
    `<button type="submit">Search</button></div>` +
    `<details${attributes({ class: 'filters', open: Boolean(problem) })}><summary>Filters</summary>` +
    `<p${attributes({ role: 'alert', class: 'problem', id: 'filters-problem', 'data-filter-problem': true, 'data-price-order': PRODUCT_MESSAGES.priceOrder, hidden: !problem })}>${escapeHtml(problem ?? '')}</p>` +
    `<div class="fields">` +
    `<label>Min Price ${priceInput('minPrice', params.get('minPrice') ?? '', {
      'aria-invalid': problem === PRODUCT_MESSAGES.priceOrder ? 'true' : undefined,
      'aria-describedby': 'filters-problem',
    })}</label>` +
    `<label>Max Price ${priceInput('maxPrice', params.get('maxPrice') ?? '', {})}</label>` +
    `<label>Category <select name="category">${option('', 'All Categories', false)}${choices
      .map((name) => option(name, name, name === category))
      .join('')}</select></label>` +
    `<label class="on-sale"><input${attributes({ type: 'checkbox', name: 'onSale', value: '1', checked: params.get('onSale') === '1' || params.get('onSale') === 'true' })}> ${ON_SALE_LABEL}</label>` +
    `<label>Sort <select name="sort">${option('', 'Sort By', false)}${Object.entries(SORT_LABELS)
      .map(([value, label]) => option(value, label, sort === value))
      .join('')}</select></label>` +
    `<button type="submit" class="apply">Apply</button>` +
    `</div></details></form>`
  );
}

/** The applied filters as chips that each remove theirs, and 'Clear all filters' for several. */
function chipsHtml(url: URL): string {
  const params = url.searchParams;
  const dollars = (value: string) => {
    const amount = Number(value);
    return Number.isFinite(amount) ? formatDollars(amount) : value;
  };
  const chips = [
    ['minPrice', (value: string) => `Min Price: ${dollars(value)}`],
    ['maxPrice', (value: string) => `Max Price: ${dollars(value)}`],
    ['category', (value: string) => `Category: ${value}`],
    ['sort', (value: string) => SORT_LABELS[value] ?? value],
    ['onSale', () => ON_SALE_LABEL],
  ] as const;
  const applied = chips
    .filter(([key]) => (params.get(key) ?? '').trim() !== '')
    .map(([key, label]) => ({
      label: label(params.get(key)!.trim()),
      href: searchPageHref(params, { drop: key }),
    }));
  if (applied.length === 0) return '';
  const q = params.get('q')?.trim();
  const clearAll = q ? `/search?${new URLSearchParams({ q })}` : '/search';
  const items = applied.map(
    (chip) =>
      `<li><a${attributes({ href: chip.href, class: 'chip', 'data-page-link': true })}>${escapeHtml(chip.label)}` +
      `<span aria-hidden="true" class="x">×</span><span class="visually-hidden">, remove this filter</span></a></li>`,
  );
  if (applied.length > 1) {
    items.push(
      `<li><a${attributes({ href: clearAll, class: 'clear', 'data-page-link': true })}>Clear all filters</a></li>`,
    );
  }
  return (
    `<div class="chips"><h2 class="visually-hidden" id="applied-filters">Applied filters</h2>` +
    `<ul aria-labelledby="applied-filters" role="list" data-testid="filter-chips">${items.join('')}</ul></div>`
  );
}

/**
 * What a search that found nothing offers instead (issue 24): the closest queries the index
 * knows, and every category to browse.
 */
function noResultsHtml(view: SearchView): string {
  const { suggestions = [], categories = [] } = view;
  const link = (href: string, text: string) =>
    `<li><a${attributes({ href })}>${escapeHtml(text)}</a></li>`;
  const tried =
    suggestions.length > 0
      ? `<p class="suggestions" data-testid="search-suggestions">Did you mean: ` +
        suggestions
          .map(
            (query, index) =>
              `${index > 0 ? ', ' : ''}<a${attributes({ href: searchPageHref(new URLSearchParams({ q: query })) })}>${escapeHtml(query)}</a>`,
          )
          .join('') +
        `?</p>`
      : '';
  const browse =
    categories.length > 0
      ? `<nav aria-labelledby="browse-categories" class="browse" data-testid="search-categories">` +
        `<h2 id="browse-categories">Browse the categories</h2><ul role="list">` +
        categories.map((category) => link(category.href, category.label)).join('') +
        link(SHOP_ALL_PATH, SHOP_ALL_LABEL) +
        `</ul></nav>`
      : '';
  return `<p>No results found</p>${tried}${browse}`;
}

/** Everything inside the page's <main>: heading, form, chips, count, results and page links. */
export function searchMainHtml(view: SearchView): string {
  const { status, result, total, problem, q } = view;
  // What the shopper sent, kept when the search refused it.
  const typed = status === 400 ? (view.url.searchParams.get('q') ?? '').trim() : q;
  const heading = typed ? `Results for “${typed}”` : 'Search';
  const count =
    status === 200 && result.products.length > 0
      ? `<p class="count" data-testid="result-count">${total === 1 ? '1 result' : `${total} results`}</p>`
      : '';
  const results = problem
    ? status === 400
      ? ''
      : `<p role="alert">${escapeHtml(problem)}</p>`
    : result.products.length === 0
      ? noResultsHtml(view)
      : productGridHtml(result.products, { columns: 3, eager: 3, label: 'Search results' });
  return (
    `<h1>${escapeHtml(heading)}</h1>` +
    filtersHtml(view, typed) +
    (status === 200 ? chipsHtml(view.url) : '') +
    `<p class="search-status" role="status" data-search-status></p>` +
    `<div class="search-results" data-search-results><h2 class="visually-hidden">Search results</h2>` +
    count +
    results +
    paginationHtml(result.pagination.page, result.pagination.pages, view.pageHref) +
    `</div>`
  );
}

/**
 * The search page's shell, prerendered at build time (src/pages/search/template.astro) with these
 * two slots; server/search-page.ts fills them for every search. Never served as it is.
 */
export const SEARCH_TEMPLATE_PATH = '/search/template';
export const SEARCH_TITLE_SLOT = 'evergreen-search-title-slot';
export const SEARCH_MAIN_SLOT = '<!--evergreen-search-main-slot-->';
