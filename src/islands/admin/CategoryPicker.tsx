import { useEffect, useState } from 'react';
import type { AdminCategory } from '../../../core/admin/model';
import {
  CATEGORY_TEXT,
  listingRow,
  NEW_NAME,
  pickExisting,
  rowFieldKey,
  subcategoriesOf,
  type ListingRow,
} from './product-form';
import styles from './Admin.module.css';
import picker from './ProductEditor.module.css';

/** The categories the editor picks from: loading, could not be loaded, or the list. */
export type CategoryOptions =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; categories: AdminCategory[] };

const MAX_ROWS = 10;

interface Props {
  /** The editor's useId, so every id here is unique on the page. */
  idPrefix: string;
  rows: ListingRow[];
  options: CategoryOptions;
  errors: Record<string, string>;
  onChange(rows: ListingRow[]): void;
  onRetry(): void;
}

/** The name of a new category or subcategory, typed on purpose. */
function NewName({
  label,
  onChange,
  onDone,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onDone: () => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  return (
    <>
      <label htmlFor={input.id}>{label}</label>
      <input
        {...input}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onDone}
      />
    </>
  );
}

/** A choice's message under it, when it has one. */
function Message({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.error}>
      {text}
    </p>
  ) : null;
}
/** A name offered in a select even when the list lacks it (the product's own, loaded earlier). */
const withCurrent = (names: string[], current: string) =>
  current && current !== NEW_NAME && !names.includes(current) ? [current, ...names] : names;

/**
 * Where a product is listed (issue 25): each place a category and a subcategory picked from those
 * the catalogue has, with "New category…" and "New subcategory…" entries that reveal a text field,
 * so a name is only ever created on purpose. Plain selects: keyboard and screen reader work as
 * everywhere else; each message shows under its field and is tied to it.
 */
export function CategoryPicker({ idPrefix, rows, options, errors, onChange, onRetry }: Props) {
  const hintId = `${idPrefix}-categories-hint`;
  const listError = errors.categories;
  const listErrorId = `${idPrefix}-categories-error`;
  const update = (index: number, change: Partial<ListingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  // After a row is removed, focus goes to the category of the row now in its place (or the last).
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const row = rows[Math.min(focusRow, rows.length - 1)];
    if (row) document.getElementById(`${idPrefix}-listing-${row.key}-category`)?.focus();
  }, [focusRow, rows, idPrefix]);
  const remove = (index: number) => {
    onChange(rows.filter((_, at) => at !== index));
    setFocusRow(index);
  };

  return (
    <fieldset
      className={picker.picker}
      aria-describedby={[hintId, listError ? listErrorId : ''].filter(Boolean).join(' ')}
    >
      <legend>Categories</legend>
      <p id={hintId} className={picker.hint}>
        {CATEGORY_TEXT.hint}
      </p>
      {options.status === 'loading' && <p role="status">{CATEGORY_TEXT.loading}</p>}
      {options.status === 'failed' && (
        <div role="alert">
          <p className={styles.error}>{CATEGORY_TEXT.failed}</p>
          <button className={styles.secondary} type="button" onClick={onRetry}>
            {CATEGORY_TEXT.retry}
          </button>
        </div>
      )}
      {options.status === 'ready' && (
        <>
          <ol className={picker.rows}>
            {rows.map((row, index) => (
              <li key={row.key}>
                <Listing
                  id={`${idPrefix}-listing-${row.key}`}
                  number={index + 1}
                  row={row}
                  index={index}
                  categories={options.categories}
                  errors={errors}
                  onChange={(change) => update(index, change)}
                  onDone={() =>
                    onChange(
                      rows.map((each, at) =>
                        at === index ? pickExisting(each, options.categories) : each,
                      ),
                    )
                  }
                  onRemove={rows.length > 1 ? () => remove(index) : null}
                />
              </li>
            ))}
          </ol>
          {rows.length < MAX_ROWS && (
            <p>
              <button
                className={styles.secondary}
                type="button"
                onClick={() => onChange([...rows, listingRow()])}
              >
                Add another category
              </button>
            </p>
          )}
        </>
      )}
      {listError && (
        <p id={listErrorId} className={styles.error}>
          {listError}
        </p>
      )}
    </fieldset>
  );
}

interface ListingProps {
  id: string;
  number: number;
  row: ListingRow;
  index: number;
  categories: AdminCategory[];
  errors: Record<string, string>;
  onChange(change: Partial<ListingRow>): void;
  /** A typed name is finished (its field lost focus): pick the catalogue's own if it has it. */
  onDone(): void;
  onRemove: (() => void) | null;
}

function Listing({
  id,
  number,
  row,
  index,
  categories,
  errors,
  onChange,
  onDone,
  onRemove,
}: ListingProps) {
  const categoryKey = rowFieldKey(index, 'category');
  const subcategoryKey = rowFieldKey(index, 'subcategory');
  const categoryError = errors[categoryKey];
  const subcategoryError = errors[subcategoryKey];
  const newCategory = row.category === NEW_NAME;
  const newSubcategory = row.subcategory === NEW_NAME;
  const categoryNames = withCurrent(
    categories.map((entry) => entry.name),
    row.category,
  );
  const subcategoryNames = withCurrent(subcategoriesOf(categories, row.category), row.subcategory);
  // A message belongs to the text field when the name is typed, to the select when it is picked.
  const described = (key: string, error: string | undefined) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};

  return (
    <fieldset className={picker.listing}>
      <legend>Category {number}</legend>
      <label htmlFor={`${id}-category`}>Category</label>
      <select
        id={`${id}-category`}
        name={categoryKey}
        value={row.category}
        onChange={(event) => {
          const category = event.target.value;
          const keepsSubcategory =
            row.subcategory === '' ||
            row.subcategory === NEW_NAME ||
            subcategoriesOf(categories, category).includes(row.subcategory);
          onChange({ category, subcategory: keepsSubcategory ? row.subcategory : '' });
        }}
        {...(newCategory ? {} : described('category', categoryError))}
      >
        <option value="">Choose a category</option>
        {categoryNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={NEW_NAME}>New category…</option>
      </select>
      {newCategory && (
        <NewName
          id={`${id}-new-category`}
          name={`${categoryKey}.new`}
          label="New category name"
          value={row.newCategory}
          onChange={(value) => onChange({ newCategory: value })}
          onDone={onDone}
          {...described('category', categoryError)}
        />
      )}
      <Message id={`${id}-category-error`} text={categoryError} />

      <label htmlFor={`${id}-subcategory`}>Subcategory</label>
      <select
        id={`${id}-subcategory`}
        name={subcategoryKey}
        value={row.subcategory}
        onChange={(event) => onChange({ subcategory: event.target.value })}
        {...(newSubcategory ? {} : described('subcategory', subcategoryError))}
      >
        <option value="">None</option>
        {subcategoryNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={NEW_NAME}>New subcategory…</option>
      </select>
      {newSubcategory && (
        <NewName
          id={`${id}-new-subcategory`}
          name={`${subcategoryKey}.new`}
          label="New subcategory name"
          value={row.newSubcategory}
          onChange={(value) => onChange({ newSubcategory: value })}
          onDone={onDone}
          {...described('subcategory', subcategoryError)}
        />
      )}
      <Message id={`${id}-subcategory-error`} text={subcategoryError} />
      {onRemove && (
        <p>
          <button className={styles.secondary} type="button" onClick={onRemove}>
            Remove category {number}
          </button>
        </p>
      )}
    </fieldset>
  );
}
