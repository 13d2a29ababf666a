import { listingHref } from './navigation';
import type { PageServices, Shelf } from './page-services';

export { SHOP_ALL_LABEL, SHOP_ALL_PATH, SHOP_BY_CATEGORY_HEADING } from './shelf-labels';

/** A link to a listing, as the menu, the footer and the Shop all page show it. */
export interface ShelfLink {
  label: string;
  href: string;
}

/** The header's and the footer's shelves of one page, read once (by the page's `locals`). */
const readForPage = new WeakMap<object, Promise<Shelf[]>>();

/**
 * Every category with its subcategories from the in-memory catalogue, or none: while pages are
 * prerendered there is no catalogue (`locals.shop` is absent), and a catalogue that cannot be
 * read must not stop the page (the menu and footer still link the Shop all page; the page's own
 * content reports the failure).
 */
export function shopShelves(locals: Partial<App.Locals>): Promise<Shelf[]> {
  const shop = locals.shop;
  if (!shop) return Promise.resolve([]);
  let shelves = readForPage.get(locals);
  if (!shelves) {
    shelves = shop.catalogue().then(
      (model) => model.shelves(),
      () => [],
    );
    readForPage.set(locals, shelves);
  }
  return shelves;
}

/** Each category's page, as the menu and the footer link them. */
export const categoryLinks = (shelves: Shelf[]): ShelfLink[] =>
  shelves.map(({ category }) => ({
    label: category,
    href: listingHref({ label: category, category }),
  }));

/** The Shop all page: every category linked, each with its subcategories' listings. */
export interface ShopAllPage {
  status: 200 | 503;
  shelves: { category: ShelfLink; subcategories: ShelfLink[] }[];
}

export async function shopAllPage(shop: PageServices): Promise<ShopAllPage> {
  let shelves: Shelf[];
  try {
    shelves = (await shop.catalogue()).shelves();
  } catch (error) {
    shop.log('error', 'shop all page failed', { error: String(error) });
    return { status: 503, shelves: [] };
  }
  return {
    status: 200,
    shelves: shelves.map(({ category, subcategories }) => ({
      category: { label: category, href: listingHref({ label: category, category }) },
      subcategories: subcategories.map((subcategory) => ({
        label: subcategory,
        href: listingHref({ label: subcategory, category, subcategory }),
      })),
    })),
  };
}
