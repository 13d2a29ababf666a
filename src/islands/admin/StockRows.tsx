import { formatCents } from '../../../core/money';
import { Thumbnail } from './ProductImages';
import { isLow, THRESHOLD_TEXT, type StockGroup, type StockItem } from './stock-filter';
import type { StockFields } from './useStockSave';
import { waitingLabel } from './words';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

const rowName = (item: StockItem) =>
  item.variant ? `${item.title} (${item.variant})` : item.title;

/** One product in the stock table: its heading row (thumbnail, link, edit) and its variants. */
export function ProductStockRows({
  id,
  group,
  fields,
  onEdit,
}: {
  id: string;
  group: StockGroup;
  fields: StockFields;
  onEdit(productId: string): void;
}) {
  return (
    <tbody>
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
              value={fields.thresholdOf(group.productSku)}
              max={999}
              error={fields.thresholdErrors[group.productSku]}
              onChange={fields.editThreshold(group.productSku)}
            />
          </td>
        )}
      </tr>
      {group.rows.map((item) => (
        <StockRow key={item.sku} id={id} item={item} fields={fields} />
      ))}
    </tbody>
  );
}

/** One variant (or the single item) of a product: its stock figure and its low-stock threshold. */
function StockRow({ id, item, fields }: { id: string; item: StockItem; fields: StockFields }) {
  return (
    <tr>
      <td>
        {item.variant ?? 'One item'} {item.variant !== null && <Waiting count={item.waiting} />}
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
          value={fields.edits[item.sku] ?? String(item.quantity ?? 0)}
          max={100000}
          error={fields.rowErrors[item.sku]}
          onChange={fields.editStock(item.sku)}
        />
      </td>
      <td>
        <NumberInput
          id={`${id}-low-${item.sku}`}
          label={THRESHOLD_TEXT.row(rowName(item))}
          value={fields.thresholdOf(item.sku)}
          max={999}
          placeholder={
            item.variant === null ? undefined : THRESHOLD_TEXT.inherited(item.productThreshold)
          }
          error={fields.thresholdErrors[item.sku]}
          onChange={fields.editThreshold(item.sku)}
        />
      </td>
    </tr>
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
