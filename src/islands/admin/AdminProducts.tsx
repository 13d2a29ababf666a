import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { ProductEditor } from './ProductEditor';
import { formatCents } from '../../../core/money';
import { ADMIN_TEXT, RequireAdmin } from './RequireAdmin';
import styles from './Admin.module.css';

interface StockItem {
  productId: string;
  slug: string;
  title: string;
  variant: string | null;
  sku: string;
  quantity: number | null;
  priceCents: number | null;
}

function StockRow({
  item,
  first,
  onEdit,
}: {
  item: StockItem;
  /** The product's first row: it carries the Edit button. */
  first: boolean;
  onEdit: (productId: string) => void;
}) {
  const [value, setValue] = useState(String(item.quantity ?? 0));
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const inputId = `stock-${item.sku}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await api.post<{ quantity: number }>('/admin/products/stock', {
      sku: item.sku,
      quantity: value,
    });
    if (result.ok) setNote({ error: false, text: `Saved: ${result.data.quantity} in stock.` });
    else {
      const fields = result.fields ? Object.values(result.fields).join(' ') : '';
      setNote({ error: true, text: fields || result.error || ADMIN_TEXT.failed });
    }
  }

  const name = item.variant ? `${item.title} (${item.variant})` : item.title;
  return (
    <tr>
      <td>
        <a href={`/productdetailpage/${item.productId}`}>{name}</a>
        {first && (
          <>
            {' '}
            <button
              className={styles.secondary}
              type="button"
              onClick={() => onEdit(item.productId)}
              aria-label={`Edit ${item.title}`}
            >
              Edit
            </button>
          </>
        )}
      </td>
      <td>{item.sku}</td>
      <td>{item.priceCents === null ? '' : formatCents(item.priceCents)}</td>
      <td>
        <form className={styles.form} onSubmit={save}>
          <input
            id={inputId}
            type="number"
            min={0}
            max={100000}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-label={`Stock of ${name}`}
          />
          <button className={styles.button} type="submit">
            Set stock
          </button>
        </form>
        {note && (
          <p
            className={note.error ? styles.error : undefined}
            role={note.error ? 'alert' : 'status'}
          >
            {note.text}
          </p>
        )}
      </td>
    </tr>
  );
}

function ProductsBody() {
  const [items, setItems] = useState<StockItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const load = () =>
    void api.get<{ items: StockItem[] }>('/admin/products').then((result) => {
      if (result.ok) setItems(result.data.items);
      else setFailed(true);
    });
  useEffect(load, []);
  const finished = (message: string) => {
    setDone(message);
    setEditing(null);
    load();
  };
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!items) return <p role="status">Loading products...</p>;
  return (
    <>
      <div aria-live="polite">{done && <p role="status">{done}</p>}</div>
      <p>
        <button
          className={styles.button}
          type="button"
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? 'Close the new product form' : 'Add a product'}
        </button>
      </p>
      {adding && <ProductEditor onDone={finished} />}
      {editing && (
        <ProductEditor
          key={editing}
          productId={editing}
          onDone={finished}
          onCancel={() => setEditing(null)}
        />
      )}
      <ProductTable
        items={items}
        onEdit={(productId) => {
          setDone(null);
          setEditing(productId);
        }}
      />
    </>
  );
}

function ProductTable({
  items,
  onEdit,
}: {
  items: StockItem[];
  onEdit: (productId: string) => void;
}) {
  const firstRows = new Set<string>();
  return (
    <table className={styles.table}>
      <caption>Sold out and low stock (5 or fewer) first</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col">Price</th>
          <th scope="col">In stock</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const first = !firstRows.has(item.productId);
          firstRows.add(item.productId);
          return <StockRow key={item.sku} item={item} first={first} onEdit={onEdit} />;
        })}
      </tbody>
    </table>
  );
}

export default function AdminProducts() {
  return (
    <RequireAdmin>
      <ProductsBody />
    </RequireAdmin>
  );
}
