import { describe, expect, it } from 'vitest';
import { CatalogueModel } from '../../api/modules/catalogue/read-model';
import { productLine } from '../../core/cart/lines';
import type { ProductDto } from '../../core/product/model';
import { productPrice, productPriceCents } from '../../core/product/price';

const product = (id: string, price: number | null): ProductDto => ({
  _id: id,
  title: `Product ${id}`,
  description: '',
  price,
  image: [],
  alttext: '',
  sku: `SKU-${id}`,
  quantity: 5,
  supplier: 'Evergreen',
  category: 'Home',
  kind: 'goods',
  taxClass: 'standard',
  categorizations: [{ category: 'Home', subcategory: null }],
  hasVariants: false,
  variants: [],
  isBundle: false,
  optionTitles: [],
  details: [],
  sizeChart: null,
  ratings: { thumbsUp: 0, thumbsDown: 0 },
  priority: null,
  isFeatured: false,
});

// spec §2, §9: a product without a price is shown and sold at $40, and one with a price at its own.
describe('the fallback price', () => {
  it('is $40 for a product without a price, the product’s own otherwise', () => {
    expect(productPriceCents({ price: null })).toBe(4000);
    expect(productPrice({ price: null })).toBe(40);
    expect(productPriceCents({ price: 12.5 })).toBe(1250);
    expect(productPrice({ price: 12.5 })).toBe(12.5);
    expect(productPriceCents({ price: 0 })).toBe(0);
    expect(productPriceCents({ price: 0.1 + 0.2 })).toBe(30);
  });

  it('prices the cart line', () => {
    expect(productLine(product('a', null))).toMatchObject({ price: 40, priceCents: 4000 });
    expect(productLine(product('b', 24.99))).toMatchObject({ price: 24.99, priceCents: 2499 });
  });

  it('is the price the catalogue filters and sorts by', () => {
    const catalogue = new CatalogueModel(
      [product('cheap', 10), product('priceless', null), product('dear', 55)],
      [],
    );
    const ids = (filters: Parameters<CatalogueModel['search']>[0]) =>
      catalogue.search(filters).products.map((found) => found._id);
    expect(ids({ minPrice: 40, maxPrice: 40 })).toEqual(['priceless']);
    expect(ids({ sort: 'priceAsc' })).toEqual(['cheap', 'priceless', 'dear']);
    expect(ids({ sort: 'priceDesc' })).toEqual(['dear', 'priceless', 'cheap']);
  });
});
