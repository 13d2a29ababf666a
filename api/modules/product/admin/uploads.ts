import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import sharp from 'sharp';
import {
  fitsSource,
  IMAGE_WIDTHS,
  readImageRequest,
} from '../../../../core/images/image-allow-list';
import { productImageSize, UPLOADED_IMAGE_PREFIX } from '../../../../core/images/product-images';
import { AppError } from '../../../lib/errors';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';

/** An upload may be at most this big, before it is decoded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** `/uploads/products/<uuid>.webp`: the only paths an uploaded image can have. */
const UPLOADED_PATH = /^\/uploads\/products\/([0-9a-f-]{36})\.webp$/;

export const isUploadedImagePath = (path: string) => UPLOADED_PATH.test(path);

/** Where uploaded product images live: the data folder, never the source tree. */
export const uploadsFolder = (dataDir: string) => join(dataDir, 'uploads', 'products');

const copyName = (id: string, width: number) => `${id}-${width}.webp`;

/**
 * Decodes an upload with sharp (refusing anything that is not an image), crops it to the product
 * artwork's size (800×800, the seed images' size) as WebP, and writes it with every copy the
 * pages ask for (the widths of the image allow-list up to the source's), so the image route only
 * ever reads files. Returns the path the catalogue stores.
 */
export async function storeUploadedImage(dataDir: string, bytes: Buffer) {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError('INVALID_DATA', ADMIN_MESSAGES.imageTooLarge);
  }
  const { width, height } = productImageSize({ kind: 'goods' });
  let source: Buffer;
  try {
    // limitInputPixels keeps a small file that claims a huge canvas from taking the memory.
    source = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .webp()
      .toBuffer();
  } catch {
    throw new AppError('INVALID_DATA', ADMIN_MESSAGES.notAnImage);
  }
  const id = randomUUID();
  const folder = uploadsFolder(dataDir);
  await mkdir(folder, { recursive: true });
  const widths = [...IMAGE_WIDTHS].filter((w) => w < width);
  await Promise.all(
    widths.map(async (w) => {
      const copy = await sharp(source)
        .resize(w, Math.round((w * height) / width))
        .webp()
        .toBuffer();
      await writeFile(join(folder, copyName(id, w)), copy);
    }),
  );
  await writeFile(join(folder, copyName(id, width)), source);
  // The source last, under its final name: a path that exists has all its copies.
  const temporary = join(folder, `${id}.webp.part`);
  await writeFile(temporary, source);
  await rename(temporary, join(folder, `${id}.webp`));
  return { path: `${UPLOADED_IMAGE_PREFIX}${id}.webp`, width, height };
}

const NOT_OFFERED = 'This image size is not offered.';

/**
 * GET /api/images?href=/uploads/products/<id>.webp&w=…&h=…&f=webp: the uploaded images' copies,
 * under the same allow-list as Astro's `/_image` (core/images/image-allow-list.ts). Public and
 * immutable (an upload never changes; a new one gets a new name).
 */
export const uploadedImagesModule = (dataDir: string) =>
  new Elysia({ name: 'uploaded-images' }).get('/images', async ({ request }) => {
    const params = new URL(request.url).searchParams;
    const wanted = readImageRequest(params);
    const refuse = (message: string) =>
      new Response(message, {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    if (typeof wanted === 'string') return refuse(wanted);
    const id = UPLOADED_PATH.exec(wanted.href)?.[1];
    if (!id) return refuse('There is no such image.');
    const source = productImageSize({ kind: 'goods' });
    if (!fitsSource(wanted, source)) return refuse(NOT_OFFERED);
    let data: Buffer;
    try {
      data = await readFile(
        join(uploadsFolder(dataDir), copyName(id, wanted.width ?? source.width)),
      );
    } catch {
      return new Response('There is no such image.', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    return new Response(new Uint8Array(data), {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  });
