import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDollars } from '../../../core/money';
import { FALLBACK_PRICE } from '../../../core/product/constants';
import { api } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api-get';
import { CategoryPicker } from './CategoryPicker';
import { EditorField, type ControlProps } from './EditorField';
import { CATEGORY_TEXT } from './product-form';
import {
  checkedBody,
  emptyFields,
  splitMessages,
  toFields,
  withoutMessagesOf,
  type Editable,
  type Fields,
} from './product-fields';
import { ProductEditorStatus } from './ProductEditorStatus';
import { ProductEditorVariants } from './ProductEditorVariants';
import { ProductEditorPersonalization } from './ProductEditorPersonalization';
import { ImagesField } from './ProductImages';
import { ADMIN_TEXT } from './RequireAdmin';
import { useCategoryOptions } from './useCategoryOptions';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

interface Props {
  /** The product to edit; none: add a new simple product. */
  productId?: string;
  onDone: (message: string) => void;
  onCancel?: () => void;
}

/**
 * The product form (issues 14 and 25): title, draft or active, SKU, description, details, price,
 * featured flag, priority, the categories it is listed in (picked from the catalogue's), its
 * images (uploaded when chosen, resized to WebP on the server; moved and removed here) with their
 * alt text, and its sizes or options. Checked with the API's own schema before sending, each
 * message under its field. A new product also takes its stock; an edited one's is on the stock
 * table.
 */
export function ProductEditor({ productId, onDone, onCancel }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields | null>(productId ? null : emptyFields);
  const { options, retry } = useCategoryOptions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);

  useApiGet<Editable>(productId ? `/admin/products/${productId}` : null, (result) => {
    if (result.ok) setFields(toFields(result.data));
    else setLoadFailed(true);
  });

  // The heading takes the focus when the form first shows.
  const shown = fields !== null;
  useEffect(() => {
    if (shown) headingRef.current?.focus();
  }, [shown]);

  // A refused save takes the owner to the first field with a message.
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  if (loadFailed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!fields) return <p role="status">Loading the product...</p>;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => (current ? { ...current, [key]: value } : current));
    // A message stays until its field changes; the rows' messages go with any change of the rows.
    setErrors((current) => withoutMessagesOf(current, key));
  };

  function refuse(messages: Record<string, string>) {
    const split = splitMessages(messages);
    setErrors(split.fields);
    setError(split.form);
    setRefused((count) => count + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!fields) return;
    // A new product's categories are picked from the list, so it waits for the list.
    if (options.status !== 'ready' && !productId) {
      setError(options.status === 'loading' ? CATEGORY_TEXT.loading : CATEGORY_TEXT.failed);
      return;
    }
    const categories = options.status === 'ready' ? options.categories : [];
    const { body, messages } = checkedBody(fields, categories, !productId);
    if (Object.keys(messages).length > 0) {
      refuse(messages);
      return;
    }
    setBusy(true);
    setError(null);
    setErrors({});
    const result = await api.post<{ id: string; title: string }>(
      productId ? `/admin/products/${productId}` : '/admin/products',
      body,
    );
    setBusy(false);
    if (result.ok) {
      onDone(productId ? `Saved ${result.data.title}.` : `Added ${result.data.title}.`);
      if (!productId) setFields(emptyFields());
    } else if (result.fields) refuse(result.fields);
    else setError(result.error || ADMIN_TEXT.failed);
  }

  /** A labelled control with its hint and message under it, tied to it for screen readers. */
  const field = (
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

  const title = productId ? `Edit ${fields.title || 'product'}` : 'Add a product';
  const sold = fields.variants.length === 0;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form ref={formRef} className={styles.stack} onSubmit={save} noValidate>
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
          productId ? undefined : 'Empty: one is made from the title.',
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
        {field(
          'price',
          'Price in dollars',
          (props) => (
            <input
              {...props}
              inputMode="decimal"
              value={fields.price}
              onChange={(e) => set('price', e.target.value)}
              required={!productId}
            />
          ),
          productId
            ? `Empty: the product shows the shop's default price, ${formatDollars(FALLBACK_PRICE)}.`
            : undefined,
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
        <CategoryPicker
          idPrefix={id}
          rows={fields.categories}
          options={options}
          errors={errors}
          onChange={(rows) => set('categories', rows)}
          onRetry={retry}
        />
        {!productId &&
          sold &&
          field('quantity', 'In stock', (props) => (
            <input
              {...props}
              type="number"
              min={0}
              max={100000}
              step={1}
              value={fields.quantity}
              onChange={(e) => set('quantity', e.target.value)}
            />
          ))}
        <ProductEditorPersonalization
          idPrefix={id}
          settings={fields.personalization}
          errors={errors}
          onChange={(settings) => set('personalization', settings)}
        />
        <ImagesField
          idPrefix={id}
          images={fields.images}
          errors={errors}
          onChange={(images) => set('images', images)}
          onAdded={(path) =>
            setFields((current) => current && { ...current, images: [...current.images, path] })
          }
          onError={setError}
        />
        {field(
          'alttext',
          'Alt text',
          (props) => (
            <input
              {...props}
              value={fields.alttext}
              onChange={(e) => set('alttext', e.target.value)}
            />
          ),
          'What the images show, for someone who cannot see them.',
        )}
        {fields.isBundle ? (
          <p className={editor.hint}>This is a bundle: its options are not edited here.</p>
        ) : (
          <ProductEditorVariants
            idPrefix={id}
            rows={fields.variants}
            images={fields.images}
            errors={errors}
            onChange={(rows) => set('variants', rows)}
          />
        )}
        <div aria-live="polite">
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <p>
          <button className={styles.button} type="submit" disabled={busy}>
            {busy ? 'Saving...' : productId ? 'Save changes' : 'Add the product'}
          </button>{' '}
          {onCancel && (
            <button className={styles.secondary} type="button" onClick={onCancel}>
              Close
            </button>
          )}
        </p>
      </form>
    </section>
  );
}
