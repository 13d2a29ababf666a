import type { ReactNode } from 'react';
import { formatDollars } from '../../../core/money';
import { FALLBACK_PRICE } from '../../../core/product/constants';
import { EditorField, type ControlProps } from './EditorField';
import type { Fields } from './product-fields';
import { ProductEditorStatus } from './ProductEditorStatus';
import { ProductEditorSale } from './ProductEditorSale';

export type SetField = <K extends keyof Fields>(key: K, value: Fields[K]) => void;

/** The product form's labelled controls, each with its hint and message under it. */
export function productFieldFor(id: string, errors: Record<string, string>) {
  return (
    name: keyof Fields,
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
  ) => (
    <EditorField
      id={`${id}-field-${name}`}
      name={name}
      label={label}
      hint={hint}
      error={errors[name]}
    >
      {control}
    </EditorField>
  );
}

interface Props {
  id: string;
  fields: Fields;
  errors: Record<string, string>;
  /** A new product: the SKU may be left to the title, the price is required. */
  isNew: boolean;
  set: SetField;
}

/** The product's title, status, SKU, description and details. */
export function ProductEditorBasics({ id, fields, errors, isNew, set }: Props) {
  const field = productFieldFor(id, errors);
  return (
    <>
      {field('title', 'Title', (props) => (
        <input
          {...props}
          value={fields.title}
          onChange={(e) => set('title', e.target.value)}
          required
        />
      ))}
      <ProductEditorStatus
        name={`${id}-status`}
        status={fields.status}
        onChange={(status) => set('status', status)}
      />
      {field(
        'sku',
        'SKU',
        (props) => (
          <input
            {...props}
            value={fields.sku}
            autoCapitalize="characters"
            onChange={(e) => set('sku', e.target.value)}
          />
        ),
        isNew ? 'Empty: one is made from the title.' : undefined,
      )}
      {field('description', 'Description', (props) => (
        <textarea
          {...props}
          value={fields.description}
          onChange={(e) => set('description', e.target.value)}
          rows={4}
        />
      ))}
      {field(
        'details',
        'Details',
        (props) => (
          <textarea
            {...props}
            value={fields.details}
            onChange={(e) => set('details', e.target.value)}
            rows={4}
          />
        ),
        'One detail a line; the product page lists them as bullet points.',
      )}
    </>
  );
}

/** The product's price, its priority in listings, its featured flag and its sale (issue 42). */
export function ProductEditorPricing({ id, fields, errors, isNew, set }: Props) {
  const field = productFieldFor(id, errors);
  return (
    <>
      {field(
        'price',
        'Price in dollars',
        (props) => (
          <input
            {...props}
            inputMode="decimal"
            value={fields.price}
            onChange={(e) => set('price', e.target.value)}
            required={isNew}
          />
        ),
        isNew
          ? undefined
          : `Empty: the product shows the shop's default price, ${formatDollars(FALLBACK_PRICE)}.`,
      )}
      {field('priority', 'Priority (lower shows first; empty: last)', (props) => (
        <input
          {...props}
          inputMode="numeric"
          value={fields.priority}
          onChange={(e) => set('priority', e.target.value)}
        />
      ))}
      <label>
        <span>
          <input
            type="checkbox"
            checked={fields.isFeatured}
            onChange={(e) => set('isFeatured', e.target.checked)}
          />{' '}
          Featured on the home page
        </span>
      </label>
      <ProductEditorSale
        idPrefix={id}
        name="sale"
        legend="Sale"
        value={fields.sale}
        errors={errors}
        onChange={(sale) => set('sale', sale)}
      />
    </>
  );
}

type FieldProps = Omit<Props, 'isNew'>;

/** A new simple product's stock (an edited one's is on the stock table). */
export function NewProductStock({ id, fields, errors, set }: FieldProps) {
  return productFieldFor(id, errors)('quantity', 'In stock', (props) => (
    <StockInput
      {...props}
      value={fields.quantity}
      onChange={(quantity) => set('quantity', quantity)}
    />
  ));
}

interface StockInputProps extends ControlProps {
  value: string;
  onChange: (quantity: string) => void;
}

/** A stock count as the editor takes it: a whole number from 0 to 100,000. */
export function StockInput({ value, onChange, ...props }: StockInputProps) {
  return (
    <input
      {...props}
      type="number"
      min={0}
      max={100000}
      step={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** What the product's images show, for someone who cannot see them. */
export function ProductAltText({ id, fields, errors, set }: FieldProps) {
  return productFieldFor(id, errors)(
    'alttext',
    'Alt text',
    (props) => (
      <input {...props} value={fields.alttext} onChange={(e) => set('alttext', e.target.value)} />
    ),
    'What the images show, for someone who cannot see them.',
  );
}
