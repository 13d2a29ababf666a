import { useMemo, useState } from 'react';
import { bundleLine, productLine, variantLine } from '../../../core/cart/lines';
import type { ResponsiveImage } from '../../../core/images/product-images';
import type { ProductDto, VariantDto } from '../../../core/product/model';
import { inStock } from './ChoiceList';

const firstAvailable = (options: VariantDto[]) => Math.max(0, options.findIndex(inStock));

/**
 * The variant chosen (for a bundle one option from each list), the cart line it makes, the
 * gallery of every image the product and its variants show, and the image shown.
 */
export function useProductChoice(product: ProductDto, images: Record<string, ResponsiveImage>) {
  const plainVariants = useMemo(
    () => (product.isBundle ? [] : (product.variants as VariantDto[])),
    [product],
  );
  const optionLists = useMemo(
    () => (product.isBundle ? (product.variants as VariantDto[][]) : []),
    [product],
  );
  const [variantIndex, setVariantIndex] = useState(() => firstAvailable(plainVariants));
  const [optionIndexes, setOptionIndexes] = useState(() => optionLists.map(firstAvailable));

  const line = useMemo(() => {
    if (product.isBundle) {
      const chosen = optionLists.map((options, list) => options[optionIndexes[list] ?? 0]!);
      return bundleLine(product, chosen);
    }
    const variant = plainVariants[variantIndex];
    return variant ? variantLine(product, variant) : productLine(product);
  }, [product, optionLists, optionIndexes, plainVariants, variantIndex]);

  const gallery = useMemo(() => {
    const paths = [
      ...product.image,
      ...plainVariants.flatMap((variant) => variant.image),
      ...optionLists.flat().flatMap((option) => option.image),
    ];
    return [...new Set(paths)].filter((path) => images[path]).map((path) => images[path]!);
  }, [product, plainVariants, optionLists, images]);
  const [shownImage, setShownImage] = useState(product.image[0] ?? line.image);

  return {
    plainVariants,
    optionLists,
    variantIndex,
    optionIndexes,
    chooseVariant: (index: number) => setVariantIndex(index),
    chooseOption: (list: number, index: number) =>
      setOptionIndexes((current) => current.map((value, at) => (at === list ? index : value))),
    line,
    gallery,
    shownImage,
    setShownImage,
  };
}
