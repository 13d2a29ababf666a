import { describe, expect, it } from 'vitest';
import {
  bundleLine,
  bundleOptions,
  productLine,
  resolveSku,
  type ResolvedLine,
} from '../../core/cart/lines';
import type { ProductDto, VariantDto } from '../../core/product/model';

/**
 * The one pricing rule (core/cart/lines.ts): what a product and a sku cost, what they are called
 * and how many of them may be sold. The cart check and the order re-price every line with it.
 */

const product = (overrides: Partial<ProductDto> = {}): ProductDto => ({
  _id: 'p1',
  title: 'Cedar mug',
  description: '',
  price: 18.5,
  image: ['/images/mug.jpg', '/images/mug-2.jpg'],
  alttext: 'A mug with a cedar sprig',
  sku: 'MUG',
  quantity: 9,
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
  ...overrides,
});

const variant = (sku: string, overrides: Partial<VariantDto> = {}): VariantDto => ({
  sku,
  title: sku.toLowerCase(),
  price: 20,
  quantity: 5,
  attributes: {},
  image: [],
  type: 'color',
  ...overrides,
});

describe('a product sold as itself', () => {
  it('is priced at its own price, in dollars and in cents', () => {
    const line = resolveSku(product({ price: 18.5 }), 'MUG');
    expect(line).toMatchObject({ price: 18.5, priceCents: 1850 });
  });

  it('is priced at the fallback $40 when the shop set no price', () => {
    expect(resolveSku(product({ price: null }), 'MUG')).toMatchObject({
      price: 40,
      priceCents: 4000,
    });
  });

  it('is the whole line the cart shows and the order keeps', () => {
    const line = productLine(product());
    expect(line).toEqual<ResolvedLine>({
      _id: 'p1',
      sku: 'MUG',
      title: 'Cedar mug',
      price: 18.5,
      priceCents: 1850,
      stock: 9,
      category: 'Home',
      kind: 'goods',
      taxClass: 'standard',
      supplier: 'Evergreen',
      image: '/images/mug.jpg',
      alttext: 'A mug with a cedar sprig',
      stockSkus: [],
    });
    expect(line.variantTitle).toBeUndefined();
    expect(line.selectedVariant).toBeUndefined();
  });

  it('has no picture when the product has none', () => {
    expect(productLine(product({ image: [] })).image).toBeUndefined();
  });

  it.each([
    [9, 9],
    [0, 0],
    [null, null],
  ])('sells the product’s stock (%s → %s)', (quantity, stock) => {
    expect(productLine(product({ quantity })).stock).toBe(stock);
  });

  it.each(['digital', 'gift_card'] as const)(
    'does not limit an item of kind %s, whatever its stock',
    (kind) => {
      expect(productLine(product({ kind, quantity: 3 })).stock).toBeNull();
    },
  );

  it('reads the kind, never the category: goods in a category named digital are limited', () => {
    expect(productLine(product({ category: 'digital', quantity: 3 })).stock).toBe(3);
  });

  it('is not sold under its own sku once it has variants, nor under a sku it does not have', () => {
    const withVariants = product({ hasVariants: true, variants: [variant('MUG-RED')] });
    expect(resolveSku(withVariants, 'MUG')).toBeUndefined();
    expect(resolveSku(product(), 'MUG-BLUE')).toBeUndefined();
    expect(resolveSku(product(), '')).toBeUndefined();
  });
});

describe('a plain variant (a colour, a size)', () => {
  const mug = (
    productQuantity: number | null,
    variantQuantity: number,
    kind: ProductDto['kind'] = 'goods',
  ) =>
    product({
      quantity: productQuantity,
      kind,
      hasVariants: true,
      variants: [
        variant('MUG-RED', { title: 'Red', price: 22.25, quantity: variantQuantity }),
        variant('MUG-BLUE', { title: 'Blue', price: 19, quantity: 1, image: ['/images/blue.jpg'] }),
      ],
    });

  it('is priced at the variant’s price, not the product’s', () => {
    expect(resolveSku(mug(9, 5), 'MUG-RED')).toMatchObject({ price: 22.25, priceCents: 2225 });
    expect(resolveSku(mug(9, 5), 'MUG-BLUE')).toMatchObject({ price: 19, priceCents: 1900 });
  });

  it('is the line the cart shows, taking stock from the variant’s row', () => {
    expect(resolveSku(mug(9, 5), 'MUG-RED')).toEqual<ResolvedLine>({
      _id: 'p1',
      sku: 'MUG-RED',
      title: 'Cedar mug',
      variantTitle: 'Red',
      price: 22.25,
      priceCents: 2225,
      stock: 5,
      category: 'Home',
      kind: 'goods',
      taxClass: 'standard',
      supplier: 'Evergreen',
      image: '/images/mug.jpg',
      alttext: 'A mug with a cedar sprig',
      selectedVariant: { sku: 'MUG-RED', stock: 5 },
      stockSkus: ['MUG-RED'],
    });
  });

  it('shows the variant’s own picture when it has one', () => {
    expect(resolveSku(mug(9, 5), 'MUG-BLUE')?.image).toBe('/images/blue.jpg');
  });

  it.each([
    ['the variant has fewer', 9, 5, 5],
    ['the product has fewer', 3, 5, 3],
    ['both have as many', 4, 4, 4],
    ['the product’s stock is unknown', null, 5, 5],
    ['the variant is sold out', 9, 0, 0],
  ])(
    'sells the smaller of the two stocks: %s',
    (_case, productQuantity, variantQuantity, stock) => {
      const line = resolveSku(mug(productQuantity, variantQuantity), 'MUG-RED');
      expect(line?.stock).toBe(stock);
      expect(line?.selectedVariant).toEqual({ sku: 'MUG-RED', stock });
    },
  );

  it.each(['digital', 'gift_card'] as const)(
    'does not limit a %s variant, and gives it no stock (not a stock of 0: issue 35)',
    (kind) => {
      const line = resolveSku(mug(2, 1, kind), 'MUG-RED');
      expect(line?.stock).toBeNull();
      expect(line?.selectedVariant).toEqual({ sku: 'MUG-RED' });
    },
  );
});

describe('a bundle (one option from each list)', () => {
  const hamper = (overrides: Partial<ProductDto> = {}) =>
    product({
      _id: 'b1',
      title: 'Cabin hamper',
      sku: 'HAMPER',
      price: 95,
      quantity: 10,
      image: ['/images/hamper.jpg'],
      isBundle: true,
      hasVariants: true,
      optionTitles: ['Blanket', 'Sweatshirt size'],
      variants: [
        [
          variant('MOSS', { title: 'Moss', quantity: 6, price: 1, image: ['/images/moss.jpg'] }),
          variant('RUST', { title: 'Rust', quantity: 2, price: 1 }),
        ],
        [
          variant('SWEAT-M', { title: 'M', quantity: 4, price: 1 }),
          variant('SWEAT-L', { title: 'L', quantity: 8, price: 1 }),
        ],
      ],
      ...overrides,
    });

  it('is the line the cart shows: options in list order, the bundle’s price and picture', () => {
    expect(resolveSku(hamper(), 'MOSS+SWEAT-M')).toEqual<ResolvedLine>({
      _id: 'b1',
      sku: 'MOSS+SWEAT-M',
      title: 'Cabin hamper',
      variantTitle: 'Blanket: Moss, Sweatshirt size: M',
      price: 95,
      priceCents: 9500,
      stock: 4,
      category: 'Home',
      kind: 'goods',
      taxClass: 'standard',
      supplier: 'Evergreen',
      image: '/images/hamper.jpg',
      alttext: 'A mug with a cedar sprig',
      selectedVariant: { sku: 'MOSS+SWEAT-M', stock: 4 },
      stockSkus: ['MOSS', 'SWEAT-M'],
    });
  });

  it('is the same line whatever order the options come in, with spaces around them', () => {
    expect(resolveSku(hamper(), 'SWEAT-L+RUST')?.sku).toBe('RUST+SWEAT-L');
    expect(resolveSku(hamper(), ' SWEAT-L + RUST ')?.stockSkus).toEqual(['RUST', 'SWEAT-L']);
    expect(resolveSku(hamper(), 'SWEAT-L+MOSS')?.sku).toBe('MOSS+SWEAT-L');
    expect(resolveSku(hamper(), 'MOSS+SWEAT-L')?.sku).toBe('MOSS+SWEAT-L');
  });

  it('is priced at the fallback $40 when the shop set no price for the bundle', () => {
    expect(resolveSku(hamper({ price: null }), 'MOSS+SWEAT-M')).toMatchObject({
      price: 40,
      priceCents: 4000,
    });
  });

  it.each([
    ['an option has the fewest', 10, 'RUST+SWEAT-L', 2],
    ['the other option has the fewest', 10, 'MOSS+SWEAT-M', 4],
    ['the bundle itself has the fewest', 3, 'MOSS+SWEAT-L', 3],
    ['the bundle’s stock is unknown', null, 'MOSS+SWEAT-L', 6],
  ])('sells the least of its own and its options’ stock: %s', (_case, quantity, sku, stock) => {
    const line = resolveSku(hamper({ quantity }), sku);
    expect(line?.stock).toBe(stock);
    expect(line?.selectedVariant).toEqual({ sku: line?.sku, stock });
  });

  it('names an option “Option” when its list has no title', () => {
    expect(resolveSku(hamper({ optionTitles: ['Blanket'] }), 'RUST+SWEAT-L')?.variantTitle).toBe(
      'Blanket: Rust, Option: L',
    );
  });

  it('shows the first option’s picture when the bundle has none', () => {
    expect(resolveSku(hamper({ image: [] }), 'MOSS+SWEAT-L')?.image).toBe('/images/moss.jpg');
    expect(resolveSku(hamper({ image: [] }), 'RUST+SWEAT-L')?.image).toBeUndefined();
  });

  it('is still a line on the product page for a bundle with no option lists and no picture', () => {
    const line = bundleLine(hamper({ variants: [], optionTitles: [], image: [] }), []);
    expect(line).toMatchObject({ sku: '', variantTitle: '', priceCents: 9500, stock: 10 });
    expect(line.image).toBeUndefined();
  });

  it('does not limit a digital bundle', () => {
    const line = resolveSku(hamper({ kind: 'digital' }), 'RUST+SWEAT-M');
    expect(line?.stock).toBeNull();
    expect(line?.selectedVariant).toEqual({ sku: 'RUST+SWEAT-M' });
  });

  it.each([
    ['one option only', 'MOSS'],
    ['three options', 'MOSS+SWEAT-M+SWEAT-L'],
    ['two options from one list', 'MOSS+RUST'],
    ['an option it does not have', 'MOSS+SWEAT-XL'],
    ['another separator', 'MOSS,SWEAT-M'],
    ['the bundle’s own sku', 'HAMPER'],
  ])('names no line with %s', (_case, sku) => {
    expect(resolveSku(hamper(), sku)).toBeUndefined();
    expect(bundleOptions(hamper(), sku)).toBeUndefined();
  });

  it('finds the chosen options in list order', () => {
    expect(bundleOptions(hamper(), 'SWEAT-L+MOSS')?.map((option) => option.title)).toEqual([
      'Moss',
      'L',
    ]);
  });
});
