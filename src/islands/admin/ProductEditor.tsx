import { useId } from 'react';
import { CategoryPicker } from './CategoryPicker';
import {
  NewProductStock,
  ProductAltText,
  ProductEditorBasics,
  ProductEditorPricing,
} from './ProductEditorBasics';
import { ProductEditorVariants } from './ProductEditorVariants';
import { ProductEditorPersonalization } from './ProductEditorPersonalization';
import { ImagesField } from './ProductImages';
import { ADMIN_TEXT } from './RequireAdmin';
import { useProductForm } from './useProductForm';
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
  const form = useProductForm(productId, onDone);
  const { fields, errors, set, setFields, setError, loadFailed, headingRef, formRef } = form;
  const { save, options, retry, error, busy } = form;
  if (loadFailed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!fields) return <p role="status">Loading the product...</p>;

  const title = productId ? `Edit ${fields.title || 'product'}` : 'Add a product';
  const sold = fields.variants.length === 0;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form ref={formRef} className={styles.stack} onSubmit={save} noValidate>
        <ProductEditorBasics id={id} fields={fields} errors={errors} isNew={!productId} set={set} />
        <ProductEditorPricing
          id={id}
          fields={fields}
          errors={errors}
          isNew={!productId}
          set={set}
        />
        <CategoryPicker
          idPrefix={id}
          rows={fields.categories}
          options={options}
          errors={errors}
          onChange={(rows) => set('categories', rows)}
          onRetry={retry}
        />
        {!productId && sold && (
          <NewProductStock id={id} fields={fields} errors={errors} set={set} />
        )}
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
        <ProductAltText id={id} fields={fields} errors={errors} set={set} />
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
        <EditorActions
          error={error}
          busy={busy}
          label={productId ? 'Save changes' : 'Add the product'}
          onCancel={onCancel}
        />
      </form>
    </section>
  );
}

interface ActionsProps {
  error: string | null;
  busy: boolean;
  label: string;
  onCancel?: (() => void) | undefined;
}

/** The form's message, its save button and, when the form can close, Close. */
function EditorActions({ error, busy, label, onCancel }: ActionsProps) {
  return (
    <>
      <div aria-live="polite">
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <p>
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? 'Saving...' : label}
        </button>{' '}
        {onCancel && (
          <button className={styles.secondary} type="button" onClick={onCancel}>
            Close
          </button>
        )}
      </p>
    </>
  );
}
