import { describe, expect, it } from 'vitest';
import { fitsSource, readImageRequest } from '../../core/images/image-allow-list';
import { thumbnailUrl } from '../../src/islands/admin/ProductImages';

/*
 * Issue 39 point 12: the stock page's thumbnails (48 px) and the product editor's (72 px) ask
 * the image routes for a copy their allow-list makes; every one was refused with 400 (96 px is
 * not offered, and a square height does not fit an image that is not square).
 */
describe('back-office thumbnails', () => {
  const landscape = { width: 1200, height: 800 };
  const portrait = { width: 800, height: 1200 };
  for (const size of [48, 72, 96]) {
    it(`asks a copy the image routes make, at ${size} px`, () => {
      const url = new URL(thumbnailUrl('/images/products/mug.jpg', size), 'http://shop.test');
      const request = readImageRequest(url.searchParams);
      expect(typeof request, String(request)).toBe('object');
      if (typeof request === 'string') return;
      expect(request.width).toBeGreaterThanOrEqual(size * 2);
      expect(fitsSource(request, landscape)).toBe(true);
      expect(fitsSource(request, portrait)).toBe(true);
    });
  }
});
