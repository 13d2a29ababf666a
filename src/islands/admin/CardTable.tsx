import type { ReactNode } from 'react';
import { ADMIN_TEXT } from './RequireAdmin';
import { plural } from './words';
import styles from './Admin.module.css';

/** A column: its heading (also each cell's label when the table turns into cards) and its cell. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
}

/**
 * A back-office table that becomes one card per row under 600 px (issue 25 point 6), each cell
 * labelled by its column, so a phone never scrolls sideways.
 */
export function CardTable<Row>({
  rows,
  columns,
  keyOf,
}: {
  rows: Row[];
  columns: Column<Row>[];
  keyOf: (row: Row) => string;
}) {
  return (
    <table className={`${styles.table} ${styles.cards}`}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.label}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={keyOf(row)}>
            {columns.map((column) => (
              <td key={column.label} data-label={column.label} data-testid={column.testId}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One page of a list the API pages. */
export interface ListPage {
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A list page's body: refused, loading, empty, or how many there are ("1 order", "26 orders,
 * page 2"), the page's table and its page links.
 */
export function PagedTable<Row>({
  list,
  rows,
  failed,
  loading,
  empty,
  noun,
  columns,
  keyOf,
}: {
  /** Null while loading. */
  list: ListPage | null;
  rows: Row[];
  failed: boolean;
  /** What loads, e.g. "Loading orders...". */
  loading: string;
  /** What an empty page says. */
  empty: string;
  noun: string;
  columns: Column<Row>[];
  keyOf: (row: Row) => string;
}) {
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!list) return <p role="status">{loading}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  const pageHref = (n: number) => {
    const next = new URLSearchParams(location.search);
    next.set('page', String(n));
    return `${location.pathname}?${next}`;
  };
  return (
    <>
      <p>
        {plural(list.total, noun)}
        {list.total > list.pageSize ? `, page ${list.page}` : ''}
      </p>
      <CardTable rows={rows} columns={columns} keyOf={keyOf} />
      <nav aria-label="Pages">
        {list.page > 1 && <a href={pageHref(list.page - 1)}>Previous page</a>}{' '}
        {list.page * list.pageSize < list.total && <a href={pageHref(list.page + 1)}>Next page</a>}
      </nav>
    </>
  );
}

/**
 * The search of a list page: its filters (`children`), its text search, then its button; a search
 * loads a new page with the query `onSubmit` makes, plus the text as `q`.
 */
export function ListSearch({
  children,
  searchLabel,
  q,
  onQ,
  submitLabel,
  onSubmit = () => new URLSearchParams(),
}: {
  children?: ReactNode;
  searchLabel: string;
  q: string;
  onQ: (q: string) => void;
  submitLabel: string;
  /** The new page's query, before the text search. */
  onSubmit?: () => URLSearchParams;
}) {
  return (
    <form
      className={styles.form}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const next = onSubmit();
        if (q.trim()) next.set('q', q.trim());
        location.assign(`${location.pathname}${next.size ? `?${next}` : ''}`);
      }}
    >
      {children}
      <label>
        {searchLabel}
        <input type="search" value={q} onChange={(e) => onQ(e.target.value)} />
      </label>
      <button className={styles.button} type="submit">
        {submitLabel}
      </button>
    </form>
  );
}
