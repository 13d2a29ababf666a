/**
 * Astro's sharp image service, taught two things:
 * - files from public/ (product artwork named by a path such as /images/products/mug.webp) get
 *   resized copies through the /_image endpoint, which reads them from the built client folder; the
 *   stock service only transforms imported images and allowed remote URLs;
 * - it makes only the widths, formats and qualities the site emits (image-allow-list.ts): any other
 *   request gets 400 (the production server also refuses copies larger than their source before
 *   they reach this service, see server/image-guard.ts);
 * - the last few hundred transformed copies are kept in memory, so the endpoint does not resize the
 *   same image for every visitor (a CDN in front keeps them for a year anyway).
 */
import type { LocalImageService } from 'astro';
import sharpService from 'astro/assets/services/sharp';
import { readImageRequest } from '../../core/images/image-allow-list';
import { imageEndpointUrl, isLocalPath } from '../../core/images/product-images';

type Transformed = Awaited<ReturnType<LocalImageService['transform']>>;

const MAX_ENTRIES = 400;
const MAX_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, Transformed>();
let cachedBytes = 0;

function remember(key: string, value: Transformed): void {
  cache.set(key, value);
  cachedBytes += value.data.byteLength;
  for (const [oldest, entry] of cache) {
    if (cache.size <= MAX_ENTRIES && cachedBytes <= MAX_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= entry.data.byteLength;
  }
}

const service: LocalImageService = {
  ...sharpService,
  getURL(options, imageConfig) {
    if (typeof options.src === 'string' && isLocalPath(options.src)) {
      return imageEndpointUrl(options.src, {
        width: options.width,
        height: options.height,
        format: options.format ?? 'webp',
        quality: options.quality,
      });
    }
    return sharpService.getURL(options, imageConfig);
  },
  parseURL(url, imageConfig) {
    // Undefined makes Astro's endpoint answer 400 without loading the image.
    if (typeof readImageRequest(url.searchParams) === 'string') return undefined;
    return sharpService.parseURL(url, imageConfig);
  },
  async transform(inputBuffer, transform, imageConfig) {
    const key = JSON.stringify([
      transform.src,
      transform.width,
      transform.height,
      transform.format,
      transform.quality,
      transform.fit,
      transform.position,
      transform.background,
    ]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const result = await sharpService.transform(inputBuffer, transform, imageConfig);
    remember(key, result);
    return result;
  },
};

export default service;
