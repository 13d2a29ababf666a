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
import { NameChoice, withCurrent } from './NameChoice';
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
  const remove = useRemoveRow(idPrefix, rows, onChange);

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
        <Listings
          idPrefix={idPrefix}
          rows={rows}
          categories={options.categories}
          errors={errors}
          onChange={onChange}
          onRemove={remove}
        />
      )}
      {listError && (
        <p id={listErrorId} className={styles.error}>
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Removes a row; after that, focus goes to the category of the row now in its place (or the
 * last).
 */
function useRemoveRow(idPrefix: string, rows: ListingRow[], onChange: Props['onChange']) {
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const row = rows[Math.min(focusRow, rows.length - 1)];
    if (row) document.getElementById(`${idPrefix}-listing-${row.key}-category`)?.focus();
  }, [focusRow, rows, idPrefix]);
  return (index: number) => {
    onChange(rows.filter((_, at) => at !== index));
    setFocusRow(index);
  };
}

/** Every place the product is listed, and the button adding one more (up to MAX_ROWS). */
function Listings({
  idPrefix,
  rows,
  categories,
  errors,
  onChange,
  onRemove,
}: Pick<Props, 'idPrefix' | 'rows' | 'errors' | 'onChange'> & {
  categories: AdminCategory[];
  onRemove(index: number): void;
}) {
  const update = (index: number, change: Partial<ListingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <>
      <ol className={picker.rows}>
        {rows.map((row, index) => (
          <li key={row.key}>
            <Listing
              id={`${idPrefix}-listing-${row.key}`}
              number={index + 1}
              row={row}
              index={index}
              categories={categories}
              errors={errors}
              onChange={(change) => update(index, change)}
              onDone={() =>
                onChange(
                  rows.map((each, at) => (at === index ? pickExisting(each, categories) : each)),
                )
              }
              onRemove={rows.length > 1 ? () => onRemove(index) : null}
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
  return (
    <fieldset className={picker.listing}>
      <legend>Category {number}</legend>
      <NameChoice
        id={id}
        field="category"
        name={categoryKey}
        label="Category"
        value={row.category}
        names={withCurrent(
          categories.map((entry) => entry.name),
          row.category,
        )}
        noneLabel="Choose a category"
        newOption="New category…"
        newLabel="New category name"
        newValue={row.newCategory}
        error={errors[categoryKey]}
        onPick={(category) =>
          onChange({
            category,
            subcategory: keepsSubcategory(row, categories, category) ? row.subcategory : '',
          })
        }
        onType={(value) => onChange({ newCategory: value })}
        onDone={onDone}
      />

      <NameChoice
        id={id}
        field="subcategory"
        name={subcategoryKey}
        label="Subcategory"
        value={row.subcategory}
        names={withCurrent(subcategoriesOf(categories, row.category), row.subcategory)}
        noneLabel="None"
        newOption="New subcategory…"
        newLabel="New subcategory name"
        newValue={row.newSubcategory}
        error={errors[subcategoryKey]}
        onPick={(subcategory) => onChange({ subcategory })}
        onType={(value) => onChange({ newSubcategory: value })}
        onDone={onDone}
      />
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

/** Whether a row keeps its subcategory when its category changes to `category`. */
function keepsSubcategory(row: ListingRow, categories: AdminCategory[], category: string) {
  return (
    row.subcategory === '' ||
    row.subcategory === NEW_NAME ||
    subcategoriesOf(categories, category).includes(row.subcategory)
  );
}
