import type { ReactNode } from 'react';
import { EditorField, type ControlProps } from './EditorField';
import { StockInput } from './ProductEditorBasics';
import { variantRow, type VariantRow, type VariantType } from './product-fields';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';
import { ProductEditorSale } from './ProductEditorSale';

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
      {rows.map((row, index) => (
        <VariantRowFields
          key={row.key}
          idPrefix={idPrefix}
          row={row}
          index={index}
          images={images}
          errors={errors}
          onUpdate={(change) => update(index, change)}
          onRemove={() => onChange(rows.filter((_, at) => at !== index))}
        />
      ))}
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

interface RowProps {
  idPrefix: string;
  row: VariantRow;
  index: number;
  images: string[];
  errors: Record<string, string>;
  onUpdate(change: Partial<VariantRow>): void;
  onRemove(): void;
}

/** One size, colour or option: its kind, name, SKU, price, stock and image, and its Remove. */
function VariantRowFields({ idPrefix, row, index, images, errors, onUpdate, onRemove }: RowProps) {
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
  return (
    <fieldset className={editor.variant}>
      <legend>
        {TYPE_LABELS[row.type]} {index + 1}
        {row.title ? `: ${row.title}` : ''}
      </legend>
      {field('type', 'Kind', (props) => (
        <VariantKindSelect {...props} value={row.type} onChange={(type) => onUpdate({ type })} />
      ))}
      {field('title', 'Name', (props) => (
        <input {...props} value={row.title} onChange={(e) => onUpdate({ title: e.target.value })} />
      ))}
      {field('sku', 'SKU', (props) => (
        <input
          {...props}
          value={row.sku}
          autoCapitalize="characters"
          onChange={(e) => onUpdate({ sku: e.target.value })}
        />
      ))}
      {field('price', 'Price in dollars', (props) => (
        <input
          {...props}
          inputMode="decimal"
          value={row.price}
          onChange={(e) => onUpdate({ price: e.target.value })}
        />
      ))}
      {field('quantity', 'In stock', (props) => (
        <StockInput
          {...props}
          value={row.quantity}
          onChange={(quantity) => onUpdate({ quantity })}
        />
      ))}
      {field('image', 'Image', (props) => (
        <VariantImageSelect
          {...props}
          value={row.image}
          images={images}
          onChange={(image) => onUpdate({ image })}
        />
      ))}
      <ProductEditorSale
        idPrefix={`${idPrefix}-variant-${row.key}`}
        name={`variants.${index}.sale`}
        legend={`Sale of ${row.title || `${TYPE_LABELS[row.type].toLowerCase()} ${index + 1}`}`}
        value={row.sale}
        errors={errors}
        onChange={(sale) => onUpdate({ sale })}
      />
      <p>
        <button
          className={styles.secondary}
          type="button"
          aria-label={`Remove ${TYPE_LABELS[row.type].toLowerCase()} ${index + 1}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </p>
    </fieldset>
  );
}

interface ImageSelectProps extends ControlProps {
  value: string;
  images: string[];
  onChange(image: string): void;
}

/** The image a variant shows: none (the product's), one of the product's, or its own kept one. */
function VariantImageSelect({ value, images, onChange, ...props }: ImageSelectProps) {
  const choices = value && !images.includes(value) ? [value, ...images] : images;
  return (
    <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">None (the product&apos;s)</option>
      {choices.map((path) => (
        <option key={path} value={path}>
          {images.includes(path) ? `Image ${images.indexOf(path) + 1}` : 'Its own image'}
        </option>
      ))}
    </select>
  );
}

interface KindSelectProps extends ControlProps {
  value: VariantType;
  onChange(type: VariantType): void;
}

function VariantKindSelect({ value, onChange, ...props }: KindSelectProps) {
  return (
    <select {...props} value={value} onChange={(e) => onChange(e.target.value as VariantType)}>
      {Object.entries(TYPE_LABELS).map(([type, label]) => (
        <option key={type} value={type}>
          {label}
        </option>
      ))}
    </select>
  );
}
