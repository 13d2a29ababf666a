/** Where the header's category nav and the home page's strips lead. Tests check each has products. */

export interface CategoryLink {
  label: string;
  category: string;
  subcategory?: string;
}

/**
 * A category or subcategory name as a path segment. The characters a path segment may carry as
 * they are ($ & + , ; = : @) stay unencoded: Astro refuses a path that still holds an escape after
 * decodeURI ("Multi-level URL encoding"), so /Under%20%2430 would never reach the page.
 */
export function pathSegment(name: string): string {
  return encodeURIComponent(name).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (escape) =>
    decodeURIComponent(escape),
  );
}

export function listingHref({ category, subcategory }: CategoryLink): string {
  const base = `/products/${pathSegment(category)}/`;
  return subcategory ? `${base}${pathSegment(subcategory)}` : base;
}

/** Header category nav (spec §2): Gift Collection, Under $30, Yoga, Cat, Artistic, Kitchen. */
/**
 * `/search` with a search's parameters as they are, less its page, any empty value and the
 * `drop`ped filter, at `page` (page 1 leaves it out). The search page's page links and its filter
 * chips both use it.
 */
export function searchPageHref(
  params: URLSearchParams,
  { drop, page = 1 }: { drop?: string; page?: number } = {},
): string {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== 'page' && key !== drop && value !== '') next.set(key, value);
  }
  if (page > 1) next.set('page', String(page));
  const text = next.toString();
  return text ? `/search?${text}` : '/search';
}

export const CATEGORY_NAV: CategoryLink[] = [
  { label: 'Gift Collection', category: 'Gift Collection' },
  { label: 'Under $30', category: 'Gift Collection', subcategory: 'Under $30' },
  { label: 'Yoga', category: 'Yoga' },
  { label: 'Cat', category: 'Pets', subcategory: 'Cat' },
  { label: 'Artistic', category: 'Artwork', subcategory: 'For the Art Lover' },
  { label: 'Kitchen', category: 'Home', subcategory: 'Kitchen' },
];

/** Home page 'Shop by Category' strip (spec §2): Gift Collection, Yoga Mats, Under $30. */
export const SHOP_BY_CATEGORY: CategoryLink[] = [
  { label: 'Gift Collection', category: 'Gift Collection' },
  { label: 'Yoga Mats', category: 'Yoga', subcategory: 'Yoga Mats' },
  { label: 'Under $30', category: 'Gift Collection', subcategory: 'Under $30' },
];
