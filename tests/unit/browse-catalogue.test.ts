import { describe, expect, it } from 'vitest';
import { CatalogueModel } from '../../api/modules/catalogue/read-model';
import { isSoldOut } from '../../core/product/availability';
import type { ProductDto, VariantDto } from '../../core/product/model';
import { productCardHtml } from '../../src/lib/catalogue-html';
import { catalogueVersion } from '../../server/pages/versions';

const product = (
  id: string,
  title: string,
  categorizations: ProductDto['categorizations'],
  extra: Partial<ProductDto> = {},
): ProductDto => ({
  _id: id,
  title,
  description: '',
  price: 20,
  image: [],
  alttext: '',
  sku: `SKU-${id}`,
  quantity: 5,
  supplier: 'Evergreen',
  category: categorizations[0]?.category.toLowerCase() ?? 'home',
  kind: 'goods',
  taxClass: 'standard',
  categorizations,
  hasVariants: false,
  variants: [],
  isBundle: false,
  optionTitles: [],
  details: [],
  sizeChart: null,
  ratings: { thumbsUp: 0, thumbsDown: 0 },
  priority: null,
  isFeatured: false,
  ...extra,
});

const variant = (sku: string, quantity: number): VariantDto => ({
  sku,
  title: sku,
  price: 20,
  quantity,
  attributes: {},
  image: [],
  type: 'color',
});

const catalogue = () =>
  new CatalogueModel(
    [
      product('mug', 'Stoneware Mug', [{ category: 'Home', subcategory: 'Kitchen' }]),
      product('throw', 'Wool Blanket', [
        { category: 'Home', subcategory: 'Blankets' },
        { category: 'Gift Collection', subcategory: 'Under $30' },
      ]),
      product('hoodie', 'Fern Hoodie', [{ category: 'Clothing', subcategory: null }]),
      product('print', 'Heron Print', [{ category: 'Artwork', subcategory: 'Prints' }]),
    ],
    [
      { category: 'Home', subcategory: 'Kitchen', order: 2 },
      { category: 'Home', subcategory: 'Blankets', order: 1 },
    ],
  );

describe('every category the catalogue lists (issue 24, Shop all)', () => {
  it('lists each category by name with its subcategories in section order', () => {
    expect(catalogue().shelves()).toEqual([
      { category: 'Artwork', subcategories: ['Prints'] },
      { category: 'Clothing', subcategories: [] },
      { category: 'Gift Collection', subcategories: ['Under $30'] },
      { category: 'Home', subcategories: ['Blankets', 'Kitchen'] },
    ]);
  });

  it('changes its version only when the list of categories changes', () => {
    const model = catalogue();
    const before = model.shelvesVersion();
    model.apply([
      product('mug', 'Big Stoneware Mug', [{ category: 'Home', subcategory: 'Kitchen' }]),
    ]);
    expect(model.shelvesVersion()).toBe(before);
    model.apply([product('dog', 'Dog Bowl', [{ category: 'Pets', subcategory: 'Dog' }])]);
    expect(model.shelvesVersion()).not.toBe(before);
    expect(model.shelves().map((shelf) => shelf.category)).toContain('Pets');
    const added = model.shelvesVersion();
    model.apply([], ['dog']);
    expect(model.shelvesVersion()).not.toBe(added);
    expect(model.shelves().map((shelf) => shelf.category)).not.toContain('Pets');
  });

  it('renders every kept page again when a category comes or goes: each lists them all', () => {
    const model = catalogue();
    const home = new URL('http://shop.test/');
    const mug = new URL('http://shop.test/productdetailpage/mug');
    const before = [catalogueVersion(home, model), catalogueVersion(mug, model)];
    model.apply([
      product('print', 'Heron Print', [{ category: 'Artwork', subcategory: 'Prints' }], {
        price: 30,
      }),
    ]);
    expect([catalogueVersion(home, model), catalogueVersion(mug, model)]).toEqual(before);
    model.apply([product('dog', 'Dog Bowl', [{ category: 'Pets', subcategory: 'Dog' }])]);
    const after = [catalogueVersion(home, model), catalogueVersion(mug, model)];
    expect(after[0]!.version).not.toBe(before[0]!.version);
    expect(after[1]!.version).not.toBe(before[1]!.version);
  });
});

describe('a search that finds nothing (issue 24)', () => {
  it('suggests the closest words the index knows', () => {
    const found = catalogue().searchCounted({ q: 'blnkxt' });
    expect(found.total).toBe(0);
    expect(found.suggestions).toEqual(['blanket']);
    expect(catalogue().searchCounted({ q: 'stonnwere mug' }).suggestions).toContain(
      'stoneware mug',
    );
  });

  it('offers each word alone when the words match apart but not together', () => {
    expect(catalogue().searchCounted({ q: 'heron hoodie' }).suggestions).toEqual([
      'heron',
      'hoodie',
    ]);
  });

  it('suggests nothing it cannot find, and nothing when the search found something', () => {
    expect(catalogue().searchCounted({ q: 'zzzzqqqq' }).suggestions).toEqual([]);
    expect(catalogue().searchCounted({ q: 'mug' }).suggestions).toBeUndefined();
  });
});

describe('the Sold out badge on the one product card', () => {
  it('marks a product none of which can be bought', () => {
    const plain = product('a', 'A', [{ category: 'Home', subcategory: null }]);
    expect(isSoldOut(plain)).toBe(false);
    expect(isSoldOut({ ...plain, quantity: 0 })).toBe(true);
    expect(isSoldOut({ ...plain, quantity: null })).toBe(false);
    expect(isSoldOut({ ...plain, variants: [variant('x', 0), variant('y', 0)] })).toBe(true);
    expect(isSoldOut({ ...plain, variants: [variant('x', 0), variant('y', 2)] })).toBe(false);
    const bundle = { ...plain, isBundle: true };
    expect(isSoldOut({ ...bundle, variants: [[variant('x', 3)], [variant('y', 0)]] })).toBe(true);
    expect(isSoldOut({ ...bundle, variants: [[variant('x', 3)], [variant('y', 1)]] })).toBe(false);
    // A digital product is a download: it never runs out.
    expect(isSoldOut({ ...plain, kind: 'digital', quantity: 0 })).toBe(false);
  });

  it('is on the card of a sold-out product only', () => {
    const plain = product('a', 'A', [{ category: 'Home', subcategory: null }]);
    expect(productCardHtml({ ...plain, quantity: 0 })).toContain(
      '<p class="badge sold-out">Sold out</p>',
    );
    expect(productCardHtml(plain)).not.toContain('Sold out');
  });
});
