import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { ProductEditor } from './ProductEditor';
import { ADMIN_TEXT, RequireAdmin } from './RequireAdmin';
import { StockTable } from './StockTable';
import type { StockItem } from './stock-filter';
import styles from './Admin.module.css';

interface StockList {
  items: StockItem[];
}

function ProductsBody() {
  const [list, setList] = useState<StockList | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const load = () =>
    void api.get<StockList>('/admin/products').then((result) => {
      if (result.ok) setList(result.data);
      else setFailed(true);
    });
  useEffect(load, []);
  const finished = (message: string) => {
    setDone(message);
    setEditing(null);
    load();
  };
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!list) return <p role="status">Loading products...</p>;
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
      <StockTable
        items={list.items}
        onSaved={load}
        initialText={new URLSearchParams(window.location.search).get('q') ?? ''}
        onEdit={(productId) => {
          setDone(null);
          setEditing(productId);
        }}
      />
    </>
  );
}

export default function AdminProducts() {
  return (
    <RequireAdmin>
      <ProductsBody />
    </RequireAdmin>
  );
}
