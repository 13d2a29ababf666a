import { useId, useState } from 'react';
import {
  groupStock,
  THRESHOLD_TEXT,
  unsavedText,
  type StockItem,
  type StockQuery,
} from './stock-filter';
import { ProductStockRows } from './StockRows';
import { StockSearch } from './StockSearch';
import { useStockSave } from './useStockSave';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';
import { TableHead } from '../shared/TableHead';

interface Props {
  items: StockItem[];
  /** The quantities were saved: the list is read again. */
  onSaved(): void;
  onEdit(productId: string): void;
  /** The search to open with (the dashboard links a SKU here). */
  initialText?: string;
}

/**
 * The stock table (issue 25): searched by title or SKU, filtered by sold out, low stock and
 * category, one group a product with a thumbnail and its variants. The owner changes any number of
 * quantities and saves them once: one request, one transaction, all or nothing; a refused row's
 * message shows under it.
 */
export function StockTable({ items, onSaved, onEdit, initialText = '' }: Props) {
  const id = useId();
  const [query, setQuery] = useState<StockQuery>({
    text: initialText,
    filter: 'all',
    category: '',
  });
  const { fields, changed, note, busy, save } = useStockSave(items, onSaved);
  const groups = groupStock(items, query);
  const filterChange = (change: Partial<StockQuery>) => setQuery((q) => ({ ...q, ...change }));
  return (
    <form onSubmit={save} aria-labelledby={`${id}-caption`} noValidate>
      <StockSearch items={items} query={query} onChange={filterChange} />
      <p role="status">{groups.length === 1 ? '1 product' : `${groups.length} products`} shown</p>
      {groups.length === 0 ? (
        <p>No product matches the search and filters.</p>
      ) : (
        <table className={styles.table}>
          <caption id={`${id}-caption`}>{THRESHOLD_TEXT.caption}</caption>
          <TableHead columns={['Variant', 'SKU', 'Price', 'In stock', THRESHOLD_TEXT.column]} />
          {groups.map((group) => (
            <ProductStockRows
              key={group.productId}
              id={id}
              group={group}
              fields={fields}
              onEdit={onEdit}
            />
          ))}
        </table>
      )}
      <div aria-live="polite">
        {note && (
          <p
            className={note.error ? styles.error : undefined}
            role={note.error ? 'alert' : 'status'}
          >
            {note.text}
          </p>
        )}
      </div>
      <p className={editor.saveBar}>
        <button className={styles.button} type="submit" disabled={busy || changed.length === 0}>
          {busy ? 'Saving...' : 'Save quantities'}
        </button>{' '}
        {unsavedText(changed)}
      </p>
    </form>
  );
}
