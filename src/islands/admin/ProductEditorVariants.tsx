import type { ReactNode } from 'react';
import { EditorField, type ControlProps } from './EditorField';
import { variantRow, type VariantRow, type VariantType } from './product-fields';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

const MAX_VARIANTS = 30;

const TYPE_LABELS: Record<VariantType, string> = {
  size: 'Size',
  color: 'Colour',
  option: 'Option',
};

interface Props {
  idPrefix: string;
  rows: VariantRow[];
  /** The product's images a variant can show, in the form's order. */
  images: string[];
  errors: Record<string, string>;
  onChange(rows: VariantRow[]): void;
}

/**
 * The product's variants (issue 25): each size, colour or option with its own SKU, price, stock
 * and image, one group a row; each message under its field (`variants.1.sku`).
 */
export function ProductEditorVariants({ idPrefix, rows, images, errors, onChange }: Props) {
  const update = (index: number, change: Partial<VariantRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <fieldset className={editor.picker}>
      <legend>Sizes and options</legend>
      <p className={editor.hint}>
        None: the product is sold as one item with its own SKU and stock. Each size or option has
        its own SKU, price, stock and image.
      </p>
      {rows.map((row, index) => {
        const field = (
          name: keyof VariantRow,
          label: string,
          control: (props: ControlProps) => ReactNode,
        ) => (
          <EditorField
            id={`${idPrefix}-variant-${row.key}-${name}`}
            name={`variants.${index}.${name}`}
            label={label}
            error={errors[`variants.${index}.${name}`]}
          >
            {control}
          </EditorField>
        );
        const choices = row.image && !images.includes(row.image) ? [row.image, ...images] : images;
        return (
          <fieldset key={row.key} className={editor.variant}>
            <legend>
              {TYPE_LABELS[row.type]} {index + 1}
              {row.title ? `: ${row.title}` : ''}
            </legend>
            {field('type', 'Kind', (props) => (
              <select
                {...props}
                value={row.type}
                onChange={(e) => update(index, { type: e.target.value as VariantType })}
              >
                {Object.entries(TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ))}
            {field('title', 'Name', (props) => (
              <input
                {...props}
                value={row.title}
                onChange={(e) => update(index, { title: e.target.value })}
              />
            ))}
            {field('sku', 'SKU', (props) => (
              <input
                {...props}
                value={row.sku}
                autoCapitalize="characters"
                onChange={(e) => update(index, { sku: e.target.value })}
              />
            ))}
            {field('price', 'Price in dollars', (props) => (
              <input
                {...props}
                inputMode="decimal"
                value={row.price}
                onChange={(e) => update(index, { price: e.target.value })}
              />
            ))}
            {field('quantity', 'In stock', (props) => (
              <input
                {...props}
                type="number"
                min={0}
                max={100000}
                step={1}
                value={row.quantity}
                onChange={(e) => update(index, { quantity: e.target.value })}
              />
            ))}
            {field('image', 'Image', (props) => (
              <select
                {...props}
                value={row.image}
                onChange={(e) => update(index, { image: e.target.value })}
              >
                <option value="">None (the product&apos;s)</option>
                {choices.map((path) => (
                  <option key={path} value={path}>
                    {images.includes(path) ? `Image ${images.indexOf(path) + 1}` : 'Its own image'}
                  </option>
                ))}
              </select>
            ))}
            <p>
              <button
                className={styles.secondary}
                type="button"
                aria-label={`Remove ${TYPE_LABELS[row.type].toLowerCase()} ${index + 1}`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </p>
          </fieldset>
        );
      })}
      {rows.length < MAX_VARIANTS && (
        <p>
          <button
            className={styles.secondary}
            type="button"
            onClick={() => onChange([...rows, variantRow(rows.at(-1)?.type ?? 'size')])}
          >
            Add a size or option
          </button>
        </p>
      )}
    </fieldset>
  );
}
