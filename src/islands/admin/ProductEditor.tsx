import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ADMIN_MESSAGES,
  productCreateBody,
  productEditBody,
} from '../../../api/modules/admin/model';
import { api } from '../../lib/api-client';
import { imageEndpointUrl } from '../../lib/product-images';
import { ADMIN_TEXT } from './RequireAdmin';
import styles from './Admin.module.css';

/** The largest upload the server takes (api/modules/admin/uploads.ts). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

interface Fields {
  title: string;
  description: string;
  price: string;
  isFeatured: boolean;
  priority: string;
  /** One "Category / Subcategory" a line. */
  categories: string;
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

const EMPTY: Fields = {
  title: '',
  description: '',
  price: '',
  isFeatured: false,
  priority: '',
  categories: '',
  quantity: '0',
};

const toFields = (product: Editable): Fields => ({
  title: product.title,
  description: product.description,
  price: product.priceCents === null ? '' : (product.priceCents / 100).toFixed(2),
  isFeatured: product.isFeatured,
  priority: product.priority === null ? '' : String(product.priority),
  categories: product.categories
    .map((entry) =>
      entry.subcategory ? `${entry.category} / ${entry.subcategory}` : entry.category,
    )
    .join('\n'),
  quantity: '0',
});

const parseCategories = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [category = '', subcategory = ''] = line.split('/').map((part) => part.trim());
      return { category, subcategory: subcategory || null };
    });

const issuesText = (issues: { message: string }[]) =>
  [...new Set(issues.map((i) => i.message))].join(' ');

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
 * The product form (issue 14): title, description, price, featured flag, priority and categories,
 * checked with the API's own schema before sending; a new product also takes its stock and images,
 * each uploaded when chosen (resized to WebP on the server).
 */
export function ProductEditor({ productId, onDone, onCancel }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [fields, setFields] = useState<Fields | null>(productId ? null : EMPTY);
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  if (loadFailed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!fields) return <p role="status">Loading the product...</p>;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => (current ? { ...current, [key]: value } : current));

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

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!fields) return;
    const body = {
      title: fields.title,
      description: fields.description,
      price: fields.price,
      isFeatured: fields.isFeatured,
      priority: fields.priority,
      categories: parseCategories(fields.categories),
      ...(productId ? {} : { quantity: fields.quantity, images }),
    };
    const parsed = (productId ? productEditBody : productCreateBody).safeParse(body);
    if (!parsed.success) {
      setError(issuesText(parsed.error.issues));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await api.post<{ id: string; title: string }>(
      productId ? `/admin/products/${productId}` : '/admin/products',
      body,
    );
    setBusy(false);
    if (result.ok) {
      onDone(productId ? `Saved ${result.data.title}.` : `Added ${result.data.title}.`);
      if (!productId) {
        setFields(EMPTY);
        setImages([]);
      }
    } else {
      const fieldErrors = result.fields ? Object.values(result.fields).join(' ') : '';
      setError(fieldErrors || result.error || ADMIN_TEXT.failed);
    }
  }

  const title = productId ? `Edit ${fields.title || 'product'}` : 'Add a product';
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form className={styles.stack} onSubmit={save} noValidate>
        <label>
          Title
          <input value={fields.title} onChange={(e) => set('title', e.target.value)} required />
        </label>
        <label>
          Description
          <textarea
            value={fields.description}
            onChange={(e) => set('description', e.target.value)}
            rows={4}
          />
        </label>
        <label>
          Price in dollars
          <input
            inputMode="decimal"
            value={fields.price}
            onChange={(e) => set('price', e.target.value)}
            required
          />
        </label>
        <label>
          Priority (lower shows first; empty: last)
          <input
            inputMode="numeric"
            value={fields.priority}
            onChange={(e) => set('priority', e.target.value)}
          />
        </label>
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
        <label>
          Categories (one a line, e.g. Home / Kitchen)
          <textarea
            value={fields.categories}
            onChange={(e) => set('categories', e.target.value)}
            rows={3}
            required
          />
        </label>
        {!productId && (
          <>
            <label>
              In stock
              <input
                type="number"
                min={0}
                max={100000}
                step={1}
                value={fields.quantity}
                onChange={(e) => set('quantity', e.target.value)}
              />
            </label>
            <label>
              Images (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each)
              <input
                type="file"
                accept="image/*"
                multiple
                disabled={uploading}
                onChange={(e) => {
                  void upload(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
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
