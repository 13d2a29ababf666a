import { EditorField } from './EditorField';
import type { SaleRow } from './product-fields';
import editor from './ProductEditor.module.css';

interface Props {
  /** Unique among the page's ids. */
  idPrefix: string;
  /** Where its messages are filed: `sale` for the product, `variants.2.sale` for a variant. */
  name: string;
  /** The legend: "Sale" for the product, "Sale of Large" for a variant. */
  legend: string;
  value: SaleRow;
  errors: Record<string, string>;
  onChange(sale: SaleRow): void;
}

/**
 * A sale price with its first and last days (issue 42), for the product or one variant: an empty
 * price is no sale, an empty day leaves the sale open on that side. Checked by the API's own schema
 * (core/admin/sale-body.ts) before sending.
 */
export function ProductEditorSale({ idPrefix, name, legend, value, errors, onChange }: Props) {
  const part = (key: keyof SaleRow, label: string, type: 'text' | 'date') => (
    <EditorField
      id={`${idPrefix}-${name.replace(/\./g, '-')}-${key}`}
      name={`${name}.${key}`}
      label={label}
      error={errors[`${name}.${key}`]}
    >
      {(props) => (
        <input
          {...props}
          type={type}
          {...(type === 'text' ? { inputMode: 'decimal' as const } : {})}
          value={value[key]}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        />
      )}
    </EditorField>
  );
  return (
    <fieldset className={editor.picker}>
      <legend>{legend}</legend>
      <p className={editor.hint}>
        Empty sale price: no sale. The days are the shop&apos;s (Pacific time), both included;
        empty: from today, or until you end it.
      </p>
      {part('price', 'Sale price (dollars)', 'text')}
      {part('startsOn', 'First day of the sale', 'date')}
      {part('endsOn', 'Last day of the sale', 'date')}
    </fieldset>
  );
}
