import { useMemo, useState } from 'react';
import { useApiGet } from '../../lib/use-api-get';
import type { StockItem } from './stock-filter';
import { DISCOUNT_FORM_TEXT as T } from './discount-form';
import styles from './Admin.module.css';
import own from './Discounts.module.css';

/** How many products that match the filter are offered at once (the chosen ones always show). */
const SHOWN = 12;

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: StockItem[] };

/** Each product once (the stock list has a row a variant), by title. */
function productsOf(items: StockItem[]): { id: string; title: string }[] {
  const byId = new Map(items.map((item) => [item.productId, item.title]));
  return [...byId]
    .map(([id, title]) => ({ id, title }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * The products a code applies to besides its categories (issue 42): the chosen ones ticked, and a
 * filter by name that offers the others. Gift cards may be ticked but are never discounted.
 */
export function DiscountProducts(props: {
  id: string;
  chosen: string[];
  onChange(productIds: string[]): void;
}) {
  const { id, chosen } = props;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState('');
  useApiGet<{ items: StockItem[] }>(
    '/admin/products',
    (result) =>
      setLoaded(result.ok ? { status: 'ready', items: result.data.items } : { status: 'failed' }),
    attempt,
  );
  const products = useMemo(
    () => (loaded.status === 'ready' ? productsOf(loaded.items) : []),
    [loaded],
  );
  const words = filter.trim().toLowerCase();
  const offered = products.filter(
    (product) =>
      chosen.includes(product.id) || (words !== '' && product.title.toLowerCase().includes(words)),
  );
  const shown = [
    ...offered.filter((product) => chosen.includes(product.id)),
    ...offered.filter((product) => !chosen.includes(product.id)).slice(0, SHOWN),
  ];
  const toggle = (productId: string, on: boolean) =>
    props.onChange(on ? [...chosen, productId] : chosen.filter((each) => each !== productId));
  return (
    <fieldset className={styles.choices} aria-describedby={`${id}-products-hint`}>
      <legend>{T.productsLegend}</legend>
      <p id={`${id}-products-hint`} className={own.hint}>
        {T.productsHint}
      </p>
      <label className={own.field}>
        {T.productsFilter}
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      {loaded.status === 'loading' && <p role="status">{T.productsLoading}</p>}
      {loaded.status === 'failed' && (
        <div role="alert">
          <p className={styles.error}>{T.productsFailed}</p>
          <button
            className={styles.secondary}
            type="button"
            onClick={() => {
              setLoaded({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            {T.retry}
          </button>
        </div>
      )}
      {words !== '' && loaded.status === 'ready' && offered.length === chosen.length && (
        <p role="status">{T.productsNone}</p>
      )}
      {shown.map((product) => (
        <label key={product.id}>
          <input
            type="checkbox"
            checked={chosen.includes(product.id)}
            onChange={(event) => toggle(product.id, event.target.checked)}
          />
          {product.title}
        </label>
      ))}
    </fieldset>
  );
}
