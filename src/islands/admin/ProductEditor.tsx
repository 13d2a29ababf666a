import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADMIN_MESSAGES,
  productCreateBody,
  productEditBody,
  type AdminCategoryList,
} from '../../../core/admin/model';
import { centsToDollars, formatDollars } from '../../../core/money';
import { FALLBACK_PRICE } from '../../../core/product/constants';
import { api } from '../../lib/api-client';
import { imageEndpointUrl } from '../../../core/images/product-images';
import { CategoryPicker, type CategoryOptions } from './CategoryPicker';
import {
  CATEGORY_TEXT,
  categorizationOf,
  fieldErrors,
  listingRow,
  unchosenCategories,
  type ListingRow,
} from './product-form';
import { ADMIN_TEXT } from './RequireAdmin';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

/** The largest upload the server takes (api/modules/admin/uploads.ts). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

interface Fields {
  title: string;
  description: string;
  price: string;
  isFeatured: boolean;
  priority: string;
  categories: ListingRow[];
  quantity: string;
}

interface Editable {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  isFeatured: boolean;
  priority: number | null;
  categories: { category: string; subcategory: string | null }[];
}

const emptyFields = (): Fields => ({
  title: '',
  description: '',
  price: '',
  isFeatured: false,
  priority: '',
  categories: [listingRow()],
  quantity: '0',
});

const toFields = (product: Editable): Fields => ({
  title: product.title,
  description: product.description,
  price: product.priceCents === null ? '' : centsToDollars(product.priceCents).toFixed(2),
  isFeatured: product.isFeatured,
  priority: product.priority === null ? '' : String(product.priority),
  categories: product.categories.map((entry) => listingRow(entry.category, entry.subcategory)),
  quantity: '0',
});

/** The fields the form shows a message under; any other message is shown for the whole form. */
const FIELD_KEYS =
  /^(title|description|price|priority|quantity|images|categories(\.\d+\.(category|subcategory))?)$/;

/** The catalogue's categories, loaded once and again on "Try again". */
function useCategoryOptions() {
  const [options, setOptions] = useState<CategoryOptions>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    void api.get<AdminCategoryList>('/admin/categories').then((result) => {
      if (!active) return;
      setOptions(
        result.ok ? { status: 'ready', categories: result.data.categories } : { status: 'failed' },
      );
    });
    return () => {
      active = false;
    };
  }, [attempt]);
  const retry = () => {
    setOptions({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { options, retry };
}

/** Reads a file as base64 (without its data: prefix) for the JSON upload. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

interface Props {
  /** The product to edit; none: add a new simple product. */
  productId?: string;
  onDone: (message: string) => void;
  onCancel?: () => void;
}

/**
 * The product form (issues 14 and 25): title, description, price, featured flag, priority and the
 * categories it is listed in, picked from the catalogue's; checked with the API's own schema before
 * sending, each message under its field. A new product also takes its stock and images, each
 * uploaded when chosen (resized to WebP on the server).
 */
export function ProductEditor({ productId, onDone, onCancel }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields | null>(productId ? null : emptyFields);
  const { options, retry } = useCategoryOptions();
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!productId) return;
    let active = true;
    void api.get<Editable>(`/admin/products/${productId}`).then((result) => {
      if (!active) return;
      if (result.ok) setFields(toFields(result.data));
      else setLoadFailed(true);
    });
    return () => {
      active = false;
    };
  }, [productId]);

  useEffect(() => {
    if (fields) headingRef.current?.focus();
    // Only when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields === null]);

  // A refused save takes the owner to the first field with a message.
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  if (loadFailed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!fields) return <p role="status">Loading the product...</p>;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => (current ? { ...current, [key]: value } : current));
    // A message stays until its field changes; the rows' messages go with any change of the rows.
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([name]) => name !== key && !name.startsWith(`${key}.`)),
      ),
    );
  };

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(null);
    for (const file of Array.from(files)) {
      if (file.size > MAX_UPLOAD_BYTES) {
        setError(`${file.name}: ${ADMIN_MESSAGES.imageTooLarge}`);
        continue;
      }
      setUploading(true);
      const result = await api.post<{ path: string }>('/admin/uploads', {
        data: await readBase64(file),
      });
      setUploading(false);
      if (result.ok) setImages((current) => [...current, result.data.path]);
      else setError(`${file.name}: ${result.error ?? ADMIN_TEXT.failed}`);
    }
  }

  function refuse(messages: Record<string, string>) {
    const known = Object.entries(messages).filter(([key]) => FIELD_KEYS.test(key));
    const other = Object.entries(messages).filter(([key]) => !FIELD_KEYS.test(key));
    setErrors(Object.fromEntries(known));
    setError(other.length > 0 ? other.map(([, message]) => message).join(' ') : null);
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
    const body = {
      title: fields.title,
      description: fields.description,
      price: fields.price,
      isFeatured: fields.isFeatured,
      priority: fields.priority,
      categories: fields.categories.map((row) => categorizationOf(row, categories)),
      ...(productId ? {} : { quantity: fields.quantity, images }),
    };
    const parsed = (productId ? productEditBody : productCreateBody).safeParse(body);
    const messages = {
      ...(parsed.success ? {} : fieldErrors(parsed.error.issues)),
      ...unchosenCategories(fields.categories),
    };
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
      if (!productId) {
        setFields(emptyFields());
        setImages([]);
      }
    } else if (result.fields) refuse(result.fields);
    else setError(result.error || ADMIN_TEXT.failed);
  }

  /** A labelled control with its hint and message under it, tied to it for screen readers. */
  const field = (
    name: keyof Fields | 'images',
    label: string,
    control: (describedBy: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const controlId = `${id}-field-${name}`;
    const message = errors[name];
    const describedBy = [hint ? `${controlId}-hint` : '', message ? `${controlId}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={editor.field}>
        <label htmlFor={controlId}>{label}</label>
        {control({
          id: controlId,
          name,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {hint && <p id={`${controlId}-hint`}>{hint}</p>}
        {message && (
          <p id={`${controlId}-error`} className={styles.error}>
            {message}
          </p>
        )}
      </div>
    );
  };

  const title = productId ? `Edit ${fields.title || 'product'}` : 'Add a product';
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
        {field('description', 'Description', (props) => (
          <textarea
            {...props}
            value={fields.description}
            onChange={(e) => set('description', e.target.value)}
            rows={4}
          />
        ))}
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
        {!productId && (
          <>
            {field('quantity', 'In stock', (props) => (
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
            {field(
              'images',
              'Images (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each)',
              (props) => (
                <input
                  {...props}
                  type="file"
                  accept="image/*"
                  multiple
                  disabled={uploading}
                  onChange={(e) => {
                    void upload(e.target.files);
                    e.target.value = '';
                  }}
                />
              ),
            )}
            {uploading && <p role="status">Uploading the image...</p>}
            {images.length > 0 && (
              <ul className={styles.thumbs} aria-label="Uploaded images">
                {images.map((path, index) => (
                  <li key={path}>
                    <img
                      src={imageEndpointUrl(path, { width: 144, height: 144 })}
                      width={72}
                      height={72}
                      alt={`Uploaded image ${index + 1}`}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div aria-live="polite">
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <p>
          <button className={styles.button} type="submit" disabled={busy || uploading}>
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
