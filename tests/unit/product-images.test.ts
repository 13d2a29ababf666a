import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '../../api/db/seed/catalogue';
import { imageEndpointUrl, productImageSize } from '../../core/images/product-images';

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

describe('product image sizes', () => {
  it('match every seeded image file, variants included', async () => {
    for (const product of products) {
      const paths = [
        ...product.images,
        ...(product.variants ?? []).flatMap((variant) => variant.images),
        ...(product.bundleOptions ?? []).flatMap((group) =>
          group.options.flatMap((option) => option.images),
        ),
      ];
      const expected = productImageSize(product);
      for (const path of new Set(paths)) {
        const { width, height, format } = await sharp(`${PUBLIC}${path}`).metadata();
        // Bundle options show the artwork of the items in them, which may be another shape.
        if (product.bundleOptions && !product.images.includes(path)) continue;
        expect({ path, width, height, format }).toEqual({ path, ...expected, format: 'webp' });
      }
    }
  });

  it('address resized WebP copies at the image endpoint', () => {
    expect(imageEndpointUrl('/images/products/mug.webp', { width: 400, height: 400 })).toBe(
      '/_image?href=%2Fimages%2Fproducts%2Fmug.webp&w=400&h=400&f=webp',
    );
  });
});
