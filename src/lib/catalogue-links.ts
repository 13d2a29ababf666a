import type { ProductDto } from '../../core/product/model';
import type { PageServices } from './page-services';

/**
 * Links from content (blog articles) to products, by slug, resolved against the catalogue the
 * shop serves when the article is served: a product added later can be linked, and a product
 * the shop no longer serves is not (its text stays, without a link or a card).
 */

export interface CatalogueProductLink {
  id: string;
  href: string;
  title: string;
  image: string | undefined;
  alt: string;
}

function linkOf(product: ProductDto): CatalogueProductLink {
  return {
    id: product._id,
    href: `/productdetailpage/${product._id}`,
    title: product.title,
    image: product.image[0],
    alt: product.alttext,
  };
}

/** The products the shop serves with these slugs, in their order; a slug it lacks is left out. */
export async function catalogueProducts(
  shop: PageServices,
  slugs: readonly string[],
): Promise<CatalogueProductLink[]> {
  const found = await shop.productsBySlug(slugs);
  return slugs.flatMap((slug) => {
    const product = found.get(slug);
    return product ? [linkOf(product)] : [];
  });
}
