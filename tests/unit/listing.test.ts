import { describe, expect, it } from 'vitest';
import type { CategoryOrderDto, ProductDto } from '../../core/product/model';
import { listingTitle } from '../../src/lib/listing-title';
import { listingHref, searchPageHref } from '../../src/lib/navigation';
import { groupIntoSections } from '../../src/lib/sections';

describe('listing titles (spec §2 Listings)', () => {
  it.each<[string, string | undefined, string]>([
    ['Gift Collection', 'Under $30', 'Gifts Under $30'],
    ['Gift Collection', 'For Her', 'Gifts For Her'],
    ['Gift Collection', 'For the Home', 'Gifts For the Home'],
    ['Gift Collection', 'Stocking Stuffers', 'Stocking Stuffers Gifts'],
    ['Gift Collection', undefined, 'Gifts for Every Occasion'],
    ['Artwork', 'For the Art Lover', 'Items For the Art Lover'],
    ['Artwork', 'Prints', 'Prints Items'],
    ['Home', 'Kitchen', 'Kitchen Items'],
    ['Pets', 'Cat', 'Cat Items'],
    ['Yoga', 'Yoga Mats', 'Yoga Mats Items'],
    ['Home', 'Under $50', 'Items Under $50'],
    ['Home', undefined, 'Items for Every Occasion'],
    ['Home', '', 'Items for Every Occasion'],
    ['Holiday Gifts', 'Cat', 'Cat Gifts'],
    // 'contains Gift' is case-sensitive, as the spec writes it.
    ['gifts', 'Cat', 'Cat Items'],
    // The whole word: 'Forest' does not start with 'For', 'Underwater' not with 'Under'.
    ['Home', 'Forest Finds', 'Forest Finds Items'],
    ['Home', 'Underwater', 'Underwater Items'],
  ])('%s / %s → %s', (category, subcategory, title) => {
    expect(listingTitle(category, subcategory)).toBe(title);
  });
});

const product = (
  title: string,
  categorizations: ProductDto['categorizations'],
  priority: number | null = null,
): ProductDto => ({ _id: title, title, categorizations, priority }) as unknown as ProductDto;

const orders = (...subcategories: string[]): CategoryOrderDto[] =>
  subcategories.map((subcategory, index) => ({ category: 'Home', subcategory, order: index + 1 }));

describe('category page sections (spec §2 Listings)', () => {
  const shape = (sections: ReturnType<typeof groupIntoSections>) =>
    sections.map((section) => [section.title, section.products.map((p) => p.title)]);

  it('groups by subcategory in catOrders order, then the rest by name, then Other', () => {
    const sections = groupIntoSections(
      [
        product('Towel', [{ category: 'Home', subcategory: 'Towels' }]),
        product('Mug', [{ category: 'Home', subcategory: 'Kitchen' }]),
        product('Lamp', [{ category: 'Home', subcategory: 'Lighting' }]),
        product('Candle', [{ category: 'Home', subcategory: null }]),
        product('Rug', [{ category: 'Home', subcategory: 'Floors' }]),
      ],
      'Home',
      [
        { category: 'Home', subcategory: 'Towels', order: 2 },
        { category: 'Home', subcategory: 'Kitchen', order: 1 },
      ],
    );
    expect(shape(sections)).toEqual([
      ['Kitchen', ['Mug']],
      ['Towels', ['Towel']],
      ['Floors', ['Rug']],
      ['Lighting', ['Lamp']],
      ['Other', ['Candle']],
    ]);
  });

  it('uses only categorizations of this category, and puts products with none in Other', () => {
    const sections = groupIntoSections(
      [
        product('Mug', [
          { category: 'Home', subcategory: 'Kitchen' },
          { category: 'Gift Collection', subcategory: 'Under $30' },
        ]),
        product('Orphan', []),
        product('Elsewhere only', [{ category: 'Gift Collection', subcategory: 'For Her' }]),
      ],
      'Home',
      orders('Kitchen'),
    );
    expect(shape(sections)).toEqual([
      ['Kitchen', ['Mug']],
      ['Other', ['Elsewhere only', 'Orphan']],
    ]);
  });

  it('shows a product in each of its subcategories, and not in Other when it has one', () => {
    const sections = groupIntoSections(
      [
        product('Throw', [
          { category: 'Home', subcategory: 'Blankets' },
          { category: 'Home', subcategory: 'Gifts' },
          { category: 'Home', subcategory: null },
        ]),
      ],
      'Home',
      orders('Blankets', 'Gifts'),
    );
    expect(shape(sections)).toEqual([
      ['Blankets', ['Throw']],
      ['Gifts', ['Throw']],
    ]);
  });

  it('sorts each section by priority with missing priority last, and skips empty ordered sections', () => {
    const sections = groupIntoSections(
      [
        product('No priority', [{ category: 'Home', subcategory: 'Kitchen' }]),
        product('Second', [{ category: 'Home', subcategory: 'Kitchen' }], 2),
        product('First', [{ category: 'Home', subcategory: 'Kitchen' }], 1),
      ],
      'Home',
      orders('Towels', 'Kitchen'),
    );
    expect(shape(sections)).toEqual([['Kitchen', ['First', 'Second', 'No priority']]]);
  });

  it('gives no sections for no products', () => {
    expect(groupIntoSections([], 'Home', orders('Kitchen'))).toEqual([]);
  });
});

describe('listing links', () => {
  it.each([
    [{ label: '', category: 'Gift Collection' }, '/products/Gift%20Collection/'],
    [
      { label: '', category: 'Gift Collection', subcategory: 'Under $30' },
      '/products/Gift%20Collection/Under%20$30',
    ],
    [
      { label: '', category: 'Home & Garden', subcategory: 'Tea/Coffee' },
      '/products/Home%20&%20Garden/Tea%2FCoffee',
    ],
  ])('%o → %s', (link, href) => {
    expect(listingHref(link)).toBe(href);
  });
});

describe('search page links', () => {
  const params = new URLSearchParams('q=mug&category=Home&minPrice=&sort=price_asc&page=3');
  it.each<[{ drop?: string; page?: number }, string]>([
    [{}, '/search?q=mug&category=Home&sort=price_asc'],
    [{ page: 2 }, '/search?q=mug&category=Home&sort=price_asc&page=2'],
    [{ drop: 'category' }, '/search?q=mug&sort=price_asc'],
    [{ drop: 'sort', page: 4 }, '/search?q=mug&category=Home&page=4'],
  ])('%o → %s', (change, href) => {
    expect(searchPageHref(params, change)).toBe(href);
  });

  it('is /search alone when nothing is left', () => {
    expect(searchPageHref(new URLSearchParams('category=Home&page=2'), { drop: 'category' })).toBe(
      '/search',
    );
  });
});
