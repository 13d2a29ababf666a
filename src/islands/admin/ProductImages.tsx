import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../core/admin/model';
import { imageEndpointUrl } from '../../../core/images/product-images';
import { api } from '../../lib/api-client';
import { ADMIN_TEXT } from './RequireAdmin';
import styles from './Admin.module.css';

/** The largest upload the server takes (api/modules/admin/uploads.ts). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

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
 * A new product's images, each uploaded when chosen (resized to WebP on the server). `onError`
 * gets a file's refusal, `null` when a new choice starts.
 */
export function useProductImages(onError: (message: string | null) => void) {
  const [images, setImages] = useState<string[]>([]);
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
      if (result.ok) setImages((current) => [...current, result.data.path]);
      else onError(`${file.name}: ${result.error ?? ADMIN_TEXT.failed}`);
    }
  }

  return { images, uploading, upload, clear: () => setImages([]) };
}

/** While an image uploads, says so; then the uploaded images' thumbnails. */
export function UploadedImages({ images, uploading }: { images: string[]; uploading: boolean }) {
  return (
    <>
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
  );
}
