import {
  imageEndpointUrl,
  isLocalPath,
  productImageSize,
  type ResponsiveImage,
  type ImageSize,
} from '../../../core/images/product-images';
import type { ProductDto, VariantDto } from '../../../core/product/model';

const GALLERY_WIDTHS = [400, 600, 800, 1200];
const THUMB_WIDTH = 144;

/**
 * The responsive set of one image: the addresses of its resized copies on the image endpoint, the
 * same ones Astro's `getImage` would give, computed once when the product is loaded.
 */
function responsiveImage(path: string, size: ImageSize): ResponsiveImage {
  const { width, height } = size;
  const heightAt = (w: number) => Math.round((w * height) / width);
  if (!isLocalPath(path)) {
    return { path, src: path, srcset: '', width, height, thumb: path };
  }
  const srcset = GALLERY_WIDTHS.filter((w) => w <= width)
    .map((w) => `${imageEndpointUrl(path, { width: w, height: heightAt(w) })} ${w}w`)
    .join(', ');
  return {
    path,
    src: imageEndpointUrl(path, { width, height }),
    srcset,
    width,
    height,
    thumb: imageEndpointUrl(path, { width: THUMB_WIDTH, height: heightAt(THUMB_WIDTH) }),
  };
}

/** Every image of a product and of its variants, by path. */
export function productImages(product: ProductDto): Record<string, ResponsiveImage> {
  const variants = product.isBundle
    ? (product.variants as VariantDto[][]).flat()
    : (product.variants as VariantDto[]);
  const paths = new Set([...product.image, ...variants.flatMap((variant) => variant.image)]);
  return Object.fromEntries(
    [...paths].map((path) => [path, responsiveImage(path, productImageSize(product))]),
  );
}
