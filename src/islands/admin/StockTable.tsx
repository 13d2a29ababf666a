import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money';
import { api } from '../../lib/api-client';
import { Thumbnail } from './ProductImages';
import { ADMIN_TEXT } from './RequireAdmin';
import {
  categoriesOf,
  changedRows,
  unsavedText,
  groupStock,
  isLow,
  messagesBySku,
  shownThresholds,
  STOCK_FILTERS,
  THRESHOLD_TEXT,
  type StockFilter,
  type StockItem,
  type StockQuery,
} from './stock-filter';
import { waitingLabel } from './words';
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

const rowName = (item: StockItem) =>
  item.variant ? `${item.title} (${item.variant})` : item.title;

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
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [thresholds, setThresholds] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [thresholdErrors, setThresholdErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = groupStock(items, query);
  const changed = changedRows(items, edits, thresholds);
  const shown = shownThresholds(items);
  const thresholdOf = (key: string) => thresholds[key] ?? shown[key] ?? '';
  const editThreshold = (key: string) => (value: string) =>
    setThresholds((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0) return;
    setBusy(true);
    const result = await api.post<{ message: string }>('/admin/products/stock/bulk', {
      items: changed,
    });
    setBusy(false);
    if (result.ok) {
      setEdits({});
      setThresholds({});
      setRowErrors({});
      setThresholdErrors({});
      setNote({ error: false, text: result.data.message });
      onSaved();
    } else {
      setRowErrors(messagesBySku(changed, result.fields, 'quantity'));
      setThresholdErrors(messagesBySku(changed, result.fields, 'threshold'));
      setNote({ error: true, text: result.error || ADMIN_TEXT.failed });
    }
  }

  const filterChange = (change: Partial<StockQuery>) => setQuery((q) => ({ ...q, ...change }));
  return (
    <form onSubmit={save} aria-labelledby={`${id}-caption`} noValidate>
      <div className={styles.form} role="search" aria-label="Find products">
        <label>
          Search by title or SKU
          <input
            type="search"
            value={query.text}
            onChange={(e) => filterChange({ text: e.target.value })}
          />
        </label>
        <label>
          Show
          <select
            value={query.filter}
            onChange={(e) => filterChange({ filter: e.target.value as StockFilter })}
          >
            {Object.entries(STOCK_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {value === 'low' ? THRESHOLD_TEXT.filter : label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Category
          <select
            value={query.category}
            onChange={(e) => filterChange({ category: e.target.value })}
          >
            <option value="">Every category</option>
            {categoriesOf(items).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      </div>
      <p role="status">{groups.length === 1 ? '1 product' : `${groups.length} products`} shown</p>
      {groups.length === 0 ? (
        <p>No product matches the search and filters.</p>
      ) : (
        <table className={styles.table}>
          <caption id={`${id}-caption`}>{THRESHOLD_TEXT.caption}</caption>
          <TableHead columns={['Variant', 'SKU', 'Price', 'In stock', THRESHOLD_TEXT.column]} />
          {groups.map((group) => (
            <tbody key={group.productId}>
              <tr>
                <th scope="rowgroup" colSpan={group.hasVariants ? 4 : 5}>
                  <div className={editor.stockProduct}>
                    {group.image && <Thumbnail path={group.image} alt="" size={48} />}
                    <a href={`/productdetailpage/${group.productId}`}>{group.title}</a>
                    {group.status === 'draft' && <span className={editor.draft}>Draft</span>}
                    <Waiting count={group.productWaiting} />
                    <button
                      className={styles.secondary}
                      type="button"
                      onClick={() => onEdit(group.productId)}
                      aria-label={`Edit ${group.title}`}
                    >
                      Edit
                    </button>
                  </div>
                </th>
                {group.hasVariants && (
                  <td>
                    <NumberInput
                      id={`${id}-low-${group.productSku}`}
                      label={THRESHOLD_TEXT.product(group.title)}
                      value={thresholdOf(group.productSku)}
                      max={999}
                      error={thresholdErrors[group.productSku]}
                      onChange={editThreshold(group.productSku)}
                    />
                  </td>
                )}
              </tr>
              {group.rows.map((item) => {
                return (
                  <tr key={item.sku}>
                    <td>
                      {item.variant ?? 'One item'}{' '}
                      {item.variant !== null && <Waiting count={item.waiting} />}
                      {isLow(item) && (
                        <span className={editor.waiting}>
                          {item.quantity === 0 ? THRESHOLD_TEXT.soldOut : THRESHOLD_TEXT.low}
                        </span>
                      )}
                    </td>
                    <td>{item.sku}</td>
                    <td>{item.priceCents === null ? '' : formatCents(item.priceCents)}</td>
                    <td>
                      <NumberInput
                        id={`${id}-stock-${item.sku}`}
                        label={`In stock: ${rowName(item)}`}
                        value={edits[item.sku] ?? String(item.quantity ?? 0)}
                        max={100000}
                        error={rowErrors[item.sku]}
                        onChange={(value) =>
                          setEdits((current) => ({ ...current, [item.sku]: value }))
                        }
                      />
                    </td>
                    <td>
                      <NumberInput
                        id={`${id}-low-${item.sku}`}
                        label={THRESHOLD_TEXT.row(rowName(item))}
                        value={thresholdOf(item.sku)}
                        max={999}
                        placeholder={
                          item.variant === null
                            ? undefined
                            : THRESHOLD_TEXT.inherited(item.productThreshold)
                        }
                        error={thresholdErrors[item.sku]}
                        onChange={editThreshold(item.sku)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
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

/** How many shoppers wait for the item to be back, when anyone does. */
function Waiting({ count }: { count: number }) {
  return count > 0 ? <span className={editor.waiting}>{waitingLabel(count)}</span> : null;
}

/** One row's stock figure or threshold, with the refusal that names it under it. */
function NumberInput(props: {
  id: string;
  label: string;
  value: string;
  max: number;
  placeholder?: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <input
        id={props.id}
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        inputMode="numeric"
        type="number"
        min={0}
        max={props.max}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p id={errorId} className={styles.error}>
          {props.error}
        </p>
      )}
    </>
  );
}
