import type { AdminCategory } from '../../../core/admin/model';
import { normalizeCategoryName, sameCategoryName } from '../../../core/catalogue/category-name';

/**
 * The product editor's state and what it sends (issue 25), apart from React so the rules read in
 * one place: each category and subcategory is picked from the catalogue's, or entered as new on
 * purpose, never typed freely.
 */

/** The value of the "New category…" and "New subcategory…" entries: no name holds an `_`. */
export const NEW_NAME = '_new';

export const CATEGORY_TEXT = {
  choose: 'Choose a category, or "New category…" to add one.',
  loading: 'Loading the categories...',
  failed: 'The categories could not be loaded.',
  retry: 'Try again',
  hint: 'Where the product is listed: up to 10 categories, each with a subcategory or none.',
} as const;

/** One place the product is listed in, as the form holds it. */
export interface ListingRow {
  /** A stable React key. */
  key: number;
  /** '' when none is chosen yet, NEW_NAME for a new one, otherwise a name the catalogue has. */
  category: string;
  newCategory: string;
  /** '' for none, NEW_NAME for a new one, otherwise a subcategory the catalogue has. */
  subcategory: string;
  newSubcategory: string;
}

let nextKey = 0;
export const listingRow = (category = '', subcategory: string | null = null): ListingRow => ({
  key: nextKey++,
  category,
  newCategory: '',
  subcategory: subcategory ?? '',
  newSubcategory: '',
});

/** The subcategories offered under a row's category (none for a new category). */
export const subcategoriesOf = (categories: AdminCategory[], category: string) =>
  categories.find((entry) => entry.name === category)?.subcategories ?? [];

/** The catalogue's own spelling of a typed name, when it already has that name in another case. */
const existingSpelling = (names: string[], typed: string) =>
  names.find((name) => sameCategoryName(name, typed)) ?? normalizeCategoryName(typed);

/**
 * A row with a typed new name that the catalogue already has (in any case or spacing) switched to
 * picking that name, so "gift collection" never becomes a second Gift Collection.
 */
export function pickExisting(row: ListingRow, categories: AdminCategory[]): ListingRow {
  let next = row;
  if (next.category === NEW_NAME) {
    const match = categories.find((entry) => sameCategoryName(entry.name, next.newCategory));
    if (match) next = { ...next, category: match.name, newCategory: '' };
  }
  if (next.subcategory === NEW_NAME) {
    const match = subcategoriesOf(categories, next.category).find((name) =>
      sameCategoryName(name, next.newSubcategory),
    );
    if (match) next = { ...next, subcategory: match, newSubcategory: '' };
  }
  return next;
}

/** A row as the API takes it; its names checked by the shared schema when the form is sent. */
export function categorizationOf(row: ListingRow, categories: AdminCategory[]) {
  const category =
    row.category === NEW_NAME
      ? existingSpelling(
          categories.map((entry) => entry.name),
          row.newCategory,
        )
      : row.category;
  const subcategory =
    row.subcategory === NEW_NAME
      ? existingSpelling(subcategoriesOf(categories, category), row.newSubcategory)
      : row.subcategory || null;
  return { category, subcategory };
}

/** The error key of a row's field, as zod and the API name it (`categories.0.subcategory`). */
export const rowFieldKey = (index: number, field: 'category' | 'subcategory') =>
  `categories.${index}.${field}`;

/** Rows with no category chosen, as field errors. */
export function unchosenCategories(rows: ListingRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (row.category === '') errors[rowFieldKey(index, 'category')] = CATEGORY_TEXT.choose;
  });
  return errors;
}

/** The first message of each field, keyed by its path (`price`, `categories.1.category`). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
