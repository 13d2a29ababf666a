import {
  categoriesOf,
  STOCK_FILTERS,
  THRESHOLD_TEXT,
  type StockFilter,
  type StockItem,
  type StockQuery,
} from './stock-filter';
import styles from './Admin.module.css';

/** The stock table's search: title or SKU, sold out or low stock, and category. */
export function StockSearch({
  items,
  query,
  onChange: filterChange,
}: {
  items: StockItem[];
  query: StockQuery;
  onChange: (change: Partial<StockQuery>) => void;
}) {
  return (
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
        <select value={query.category} onChange={(e) => filterChange({ category: e.target.value })}>
          <option value="">Every category</option>
          {categoriesOf(items).map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
