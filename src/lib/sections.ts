import type { CategoryOrderDto, ProductDto } from '../../core/product/model';

export const OTHER_SECTION = 'Other';

export interface Section {
  /** The subcategory, or 'Other'. */
  title: string;
  subcategory: string | null;
  products: ProductDto[];
}

const byPriority = (a: ProductDto, b: ProductDto) =>
  (a.priority ?? Number.POSITIVE_INFINITY) - (b.priority ?? Number.POSITIVE_INFINITY) ||
  a.title.localeCompare(b.title);

/**
 * The sections of a category page (spec §2 Listings): one per subcategory of each categorization
 * whose category matches (a product listed under two subcategories shows in both); products with
 * no categorization or no subcategory in this category go into 'Other'. Sections follow the
 * server's catOrders by order, then the remaining subcategories by name, then 'Other'. Within a
 * section products go by priority, missing priority last.
 */
export function groupIntoSections(
  products: ProductDto[],
  category: string,
  catOrders: CategoryOrderDto[],
): Section[] {
  const bySubcategory = new Map<string, ProductDto[]>();
  const other: ProductDto[] = [];
  for (const product of products) {
    const subcategories = new Set(
      product.categorizations
        .filter((entry) => entry.category === category && entry.subcategory)
        .map((entry) => entry.subcategory as string),
    );
    if (subcategories.size === 0) other.push(product);
    for (const subcategory of subcategories) {
      const list = bySubcategory.get(subcategory) ?? [];
      list.push(product);
      bySubcategory.set(subcategory, list);
    }
  }
  const ordered = [...catOrders]
    .filter((entry) => entry.category === category)
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.subcategory)
    .filter((subcategory, index, all) => all.indexOf(subcategory) === index);
  const rest = [...bySubcategory.keys()]
    .filter((subcategory) => !ordered.includes(subcategory))
    .sort((a, b) => a.localeCompare(b));
  const sections: Section[] = [...ordered, ...rest]
    .filter((subcategory) => bySubcategory.has(subcategory))
    .map((subcategory) => ({
      title: subcategory,
      subcategory,
      products: [...bySubcategory.get(subcategory)!].sort(byPriority),
    }));
  if (other.length > 0) {
    sections.push({ title: OTHER_SECTION, subcategory: null, products: other.sort(byPriority) });
  }
  return sections;
}
