import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../core/admin/model';
import { imageEndpointUrl } from '../../../core/images/product-images';
import { api } from '../../lib/api-client';
import { EditorField } from './EditorField';
import { ADMIN_TEXT } from './RequireAdmin';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

/** The largest upload the server takes (api/modules/product/admin/uploads.ts). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** At most this many images a product (core/admin/product-body.ts). */
export const MAX_IMAGES = 8;

/** Reads a file as base64 (without its data: prefix) for the JSON upload. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads chosen files one by one (each resized to the allow-listed WebP widths on the server);
 * `onAdded` gets each stored path, `onError` a file's refusal (`null` when a new choice starts).
 */
export function useImageUpload(
  onAdded: (path: string) => void,
  onError: (message: string | null) => void,
) {
  const [uploading, setUploading] = useState(false);

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    onError(null);
    for (const file of Array.from(files)) {
      if (file.size > MAX_UPLOAD_BYTES) {
        onError(`${file.name}: ${ADMIN_MESSAGES.imageTooLarge}`);
        continue;
      }
      setUploading(true);
      const result = await api.post<{ path: string }>('/admin/uploads', {
        data: await readBase64(file),
      });
      setUploading(false);
      if (result.ok) onAdded(result.data.path);
      else onError(`${file.name}: ${result.error ?? ADMIN_TEXT.failed}`);
    }
  }

  return { uploading, upload };
}

/** The allow-listed widths a thumbnail may take (core/images/image-allow-list.ts). */
const THUMBNAIL_WIDTHS = [144, 192, 240];

/**
 * A thumbnail's address: the smallest allow-listed width that covers it at twice its size, and no
 * height, so the copy keeps its source's proportions (a square height was refused with 400 for
 * every image that is not square: issue 39); CSS crops it to the square.
 */
export function thumbnailUrl(path: string, size: number): string {
  const width = THUMBNAIL_WIDTHS.find((candidate) => candidate >= size * 2) ?? 240;
  return imageEndpointUrl(path, { width });
}

/** A small square of an image, from the image routes' allow-listed copies. */
export function Thumbnail({ path, alt, size = 72 }: { path: string; alt: string; size?: number }) {
  return (
    <img
      className={styles.thumb}
      src={thumbnailUrl(path, size)}
      width={size}
      height={size}
      alt={alt}
      loading="lazy"
    />
  );
}

const moved = (images: string[], from: number, to: number) => {
  const next = [...images];
  const [image] = next.splice(from, 1);
  next.splice(to, 0, image!);
  return next;
};

/**
 * The product's images in the order the shop shows them (the first is the listing's), each with
 * buttons to move it and remove it; while an image uploads, says so.
 */
export function ImageList({
  images,
  uploading,
  onChange,
}: {
  images: string[];
  uploading: boolean;
  onChange: (images: string[]) => void;
}) {
  return (
    <>
      {uploading && <p role="status">Uploading the image...</p>}
      {images.length > 0 && (
        <ol
          className={editor.images}
          aria-label="The product's images, in the order the shop shows them"
        >
          {images.map((path, index) => (
            <li key={path}>
              <Thumbnail path={path} alt={`Image ${index + 1}`} />
              <span>
                <button
                  className={styles.secondary}
                  type="button"
                  disabled={index === 0}
                  aria-label={`Move image ${index + 1} earlier`}
                  onClick={() => onChange(moved(images, index, index - 1))}
                >
                  Earlier
                </button>
                <button
                  className={styles.secondary}
                  type="button"
                  disabled={index === images.length - 1}
                  aria-label={`Move image ${index + 1} later`}
                  onClick={() => onChange(moved(images, index, index + 1))}
                >
                  Later
                </button>
                <button
                  className={styles.secondary}
                  type="button"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => onChange(images.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * The product's images (issue 25): a file input that uploads each chosen file at once, then the
 * list to reorder and remove them; the upload's refusal goes to the form's message.
 */
export function ImagesField({
  idPrefix,
  images,
  errors,
  onChange,
  onAdded,
  onError,
}: {
  idPrefix: string;
  images: string[];
  errors: Record<string, string>;
  onChange: (images: string[]) => void;
  /** An upload finished: its path goes at the end of the list as it is then. */
  onAdded: (path: string) => void;
  onError: (message: string | null) => void;
}) {
  const { uploading, upload } = useImageUpload(onAdded, onError);
  return (
    <>
      <EditorField
        id={`${idPrefix}-field-images`}
        name="images"
        label="Images (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each)"
        hint={`1 to ${MAX_IMAGES} images; the first is the one listings show.`}
        error={errors.images}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept="image/*"
            multiple
            disabled={uploading || images.length >= MAX_IMAGES}
            onChange={(e) => {
              void upload(e.target.files);
              e.target.value = '';
            }}
          />
        )}
      </EditorField>
      <ImageList images={images} uploading={uploading} onChange={onChange} />
    </>
  );
}
