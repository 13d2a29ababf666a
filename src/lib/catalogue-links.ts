import { seedProductId } from '../../api/db/seed';
import { products } from '../../api/db/seed/catalogue';

/**
 * Links from content (blog articles) to products of the demo catalogue, by slug. Product ids are
 * derived from slugs (`seedProductId`), so a link made at build time stays valid after a re-seed.
 */

export interface CatalogueProductLink {
  id: string;
  href: string;
  title: string;
  image: string | undefined;
  alt: string;
}

const bySlug = new Map(products.map((product) => [product.slug, product]));

export function isCatalogueSlug(slug: string): boolean {
  return bySlug.has(slug);
}

export function catalogueProduct(slug: string): CatalogueProductLink {
  const product = bySlug.get(slug);
  if (!product) throw new Error(`No product with the slug "${slug}" in the catalogue.`);
  const id = seedProductId(slug);
  return {
    id,
    href: `/productdetailpage/${id}`,
    title: product.title,
    image: product.images[0],
    alt: product.alttext,
  };
}
