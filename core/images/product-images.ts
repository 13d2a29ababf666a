/**
 * Product artwork lives under public/images/products/ as WebP: 800×800, digital photos 1200×800
 * (tests/unit/product-images.test.ts checks every seeded file against this). Pages ask Astro's image
 * service for resized copies; this module knows the sizes and the image endpoint's address, so an
 * island can ask for the same copies the server-rendered pages use.
 */
import type { ProductKind } from '../product/kind';

export interface ImageSize {
  width: number;
  height: number;
}

const SQUARE: ImageSize = { width: 800, height: 800 };
const PHOTO: ImageSize = { width: 1200, height: 800 };

/**
 * The size of a product's artwork (all images of one product share it): a digital product's is a
 * landscape photo, whatever its category is called. A cart line kept by an older page may have no
 * kind: it counts as goods until the cart check gives it today's.
 */
export function productImageSize(item: { kind?: ProductKind | undefined }): ImageSize {
  return item.kind === 'digital' ? PHOTO : SQUARE;
}

/** Whether a path is one of the shop's own files (served from public/). */
export const isLocalPath = (src: string): boolean => src.startsWith('/') && !src.startsWith('//');

/**
 * Images uploaded in the back office live in the data folder, not in public/: their copies (made
 * with sharp at upload, the same widths) come from the API's image route, which applies the same
 * allow-list as `/_image` (api/modules/product/admin/uploads.ts).
 */
export const UPLOADED_IMAGE_PREFIX = '/uploads/products/';

/**
 * The address of a resized WebP copy from Astro's image endpoint (`/_image`), in the form its
 * `parseURL` reads. Used by the image service for public files and by islands for thumbnails.
 */
export function imageEndpointUrl(
  src: string,
  options: {
    width?: number | undefined;
    height?: number | undefined;
    format?: string;
    quality?: string | number | undefined;
  },
): string {
  const params = new URLSearchParams({ href: src });
  if (options.width) params.append('w', String(Math.round(options.width)));
  if (options.height) params.append('h', String(Math.round(options.height)));
  if (options.quality) params.append('q', String(options.quality));
  params.append('f', options.format ?? 'webp');
  return `${src.startsWith(UPLOADED_IMAGE_PREFIX) ? '/api/images' : '/_image'}?${params}`;
}

/**
 * Where an image's full-size file is fetched from outside the shop's pages (og:image, JSON-LD):
 * a public file at its own path, an uploaded one through the API's image route.
 */
export function imageFileUrl(src: string): string {
  return src.startsWith(UPLOADED_IMAGE_PREFIX) ? imageEndpointUrl(src, {}) : src;
}

/** A product card's image: its copies for a grid, with the `srcset` a browser picks from. */
export interface CardImage {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

const CARD_WIDTHS = [240, 480, 720, 1080];
const cardImages = new Map<string, CardImage>();

/**
 * The responsive set of a product card's image (the same addresses Astro's `<Image>` would give),
 * computed once per image and remembered, so rendering a grid sizes nothing.
 */
export function cardImage(src: string, product: { kind: ProductKind }): CardImage {
  const size = productImageSize(product);
  const key = `${src} ${size.width}`;
  const known = cardImages.get(key);
  if (known) return known;
  const at = (width: number) =>
    imageEndpointUrl(src, { width, height: Math.round((width * size.height) / size.width) });
  const image: CardImage = isLocalPath(src)
    ? {
        src: at(size.width),
        srcset: CARD_WIDTHS.filter((width) => width <= size.width)
          .map((width) => `${at(width)} ${width}w`)
          .join(', '),
        ...size,
      }
    : { src, srcset: '', ...size };
  if (cardImages.size > 50_000) cardImages.clear();
  cardImages.set(key, image);
  return image;
}

/**
 * One image of a product with its responsive copies, as the product page's gallery shows it
 * (made once when a product is loaded: api/modules/catalogue/images.ts).
 */
export interface ResponsiveImage {
  /** The path the catalogue names, e.g. /images/products/mug.webp. */
  path: string;
  src: string;
  srcset: string;
  width: number;
  height: number;
  /** A small copy for the thumbnail button. */
  thumb: string;
}
