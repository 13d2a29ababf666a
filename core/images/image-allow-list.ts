/**
 * What the image endpoint (`/_image`) will make: only the copies the site's own pages ask for.
 * Anything else (another width, format or quality, a copy larger than its source) is refused with
 * 400 before any image is decoded, so the endpoint cannot be used to burn CPU or memory.
 *
 * Keep in step with the pages: ProductCard (240, 480, 720, 1080), the product page (400, 600, 800,
 * 1200 and its 144 thumbnails), the hero and article pictures (480, 800, 1200, 1600), the article
 * cards (400, 800) and the cart's thumbnails (192). A page may also ask for a source's own width.
 */
export const IMAGE_WIDTHS: ReadonlySet<number> = new Set([
  144, 192, 240, 400, 480, 600, 720, 800, 1080, 1200, 1600,
]);

/** The site emits WebP only. */
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['webp']);

/** The site never sets a quality; the service's default applies. */
export const IMAGE_QUALITIES: ReadonlySet<string> = new Set<string>();

/** The query parameters Astro's image URLs carry. */
const IMAGE_PARAMETERS = new Set(['href', 'w', 'h', 'f', 'q']);

export interface ImageRequest {
  href: string;
  width: number | undefined;
  height: number | undefined;
  format: string;
}

const POSITIVE_INTEGER = /^[1-9]\d{0,4}$/;

/**
 * The request an image URL makes, or why it is refused (a sentence). Checks the allow-lists only;
 * `fitsSource` then checks the sizes against the source image.
 */
export function readImageRequest(params: URLSearchParams): ImageRequest | string {
  for (const name of params.keys()) {
    if (!IMAGE_PARAMETERS.has(name)) return `Unknown image parameter: ${name}.`;
  }
  for (const name of IMAGE_PARAMETERS) {
    if (params.getAll(name).length > 1) return `The image parameter ${name} is given twice.`;
  }
  const href = params.get('href');
  if (!href) return 'An image needs its href.';
  const w = params.get('w');
  const h = params.get('h');
  // Whether the width is listed (or the source's own) is checked against the source.
  if (w !== null && !POSITIVE_INTEGER.test(w)) return 'This image width is not offered.';
  if (h !== null && !POSITIVE_INTEGER.test(h)) return 'This image height is not offered.';
  if (h !== null && w === null) return 'An image height needs its width.';
  const format = params.get('f') ?? 'webp';
  if (!IMAGE_FORMATS.has(format)) return 'This image format is not offered.';
  const quality = params.get('q');
  if (quality !== null && !IMAGE_QUALITIES.has(quality))
    return 'This image quality is not offered.';
  return {
    href,
    width: w === null ? undefined : Number(w),
    height: h === null ? undefined : Number(h),
    format,
  };
}

/**
 * Whether a request fits its source: a listed width (or the source's own), never wider or taller
 * than the source, and a height that keeps the source's proportions (to a pixel of rounding).
 */
export function fitsSource(request: ImageRequest, source: { width: number; height: number }) {
  const { width, height } = request;
  if (width === undefined) return true;
  if (!IMAGE_WIDTHS.has(width) && width !== source.width) return false;
  if (width > source.width) return false;
  if (height === undefined) return true;
  if (height > source.height) return false;
  return Math.abs(height - (width * source.height) / source.width) <= 1;
}
