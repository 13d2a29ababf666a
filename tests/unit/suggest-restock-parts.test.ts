import { describe, expect, it } from 'vitest';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { seedProductId } from '../../api/db/seed';
import type { SeedVariant } from '../../api/db/seed/types';
import type { ProductDto, VariantDto } from '../../core/product/model';
import {
  markedPieces,
  searchForLabel,
  suggestionCount,
  suggestionOptions,
} from '../../src/islands/shell/suggestion-options';
import { restockTargets } from '../../src/islands/catalogue/restock-target';

describe('suggestion rows', () => {
  it('marks the matched parts of a title', () => {
    expect(markedPieces('Cedar Ridge Stoneware Mug', [[12, 21]])).toEqual([
      ['Cedar Ridge ', false],
      ['Stoneware', true],
      [' Mug', false],
    ]);
    expect(markedPieces('Mug', [])).toEqual([['Mug', false]]);
  });

  it('lists products, then shelves, then "Search for \'…\'" leading to the search page', () => {
    const options = suggestionOptions(
      {
        products: [
          { _id: 'p1', title: 'Mug', price: 24, thumb: null, marks: [[0, 3]], soldOut: false },
        ],
        shelves: [
          { category: 'Home', subcategory: null },
          { category: 'Gift Collection', subcategory: 'Under $30' },
        ],
      },
      'mu',
      '/search?q=mu',
    );
    expect(options.map((option) => option.href)).toEqual([
      '/productdetailpage/p1',
      '/products/Home/',
      '/products/Gift%20Collection/Under%20$30',
      '/search?q=mu',
    ]);
    expect(options.at(-1)).toMatchObject({ kind: 'search', label: "Search for 'mu'" });
    expect(searchForLabel('stonw')).toBe("Search for 'stonw'");
  });

  it('says how many suggestions there are', () => {
    const product = { _id: 'p', title: 'T', price: 1, thumb: null, marks: [], soldOut: false };
    expect(suggestionCount({ products: [product], shelves: [] })).toBe(
      '1 suggestion. Use the up and down arrows to choose.',
    );
    expect(suggestionCount({ products: [product, product], shelves: [] })).toMatch(
      /^2 suggestions\./,
    );
    expect(suggestionCount({ products: [], shelves: [] })).toBe(
      'No suggestions. Press Enter to search.',
    );
  });
});

describe('what a product page offers to wait for', () => {
  const dto = (slug: string): ProductDto => {
    const seed = catalogue.find((product) => product.slug === slug)!;
    const variant = (v: SeedVariant): VariantDto => ({
      sku: v.sku,
      title: v.title,
      price: v.priceCents / 100,
      quantity: v.quantity,
      attributes: v.attributes,
      image: [],
      type: v.type,
    });
    return {
      _id: seedProductId(slug),
      title: seed.title,
      quantity: seed.quantity,
      category: seed.category,
      kind: seed.kind ?? 'goods',
      isBundle: false,
      variants: (seed.variants ?? []).map(variant),
    } as unknown as ProductDto;
  };

  it('each sold-out variant of a product in stock', () => {
    expect(restockTargets(dto('evergreen-yoga-mat'))).toEqual([
      {
        productId: seedProductId('evergreen-yoga-mat'),
        sku: 'EG-MAT-EVERGREEN-HUC',
        option: 'Huckleberry (limited)',
      },
    ]);
  });

  it('the product itself when it has no stock of its own', () => {
    expect(restockTargets(dto('ferry-plaid-picnic-blanket'))).toEqual([
      { productId: seedProductId('ferry-plaid-picnic-blanket') },
    ]);
  });

  it('nothing for a digital product, a gift card, or one with everything in stock', () => {
    expect(restockTargets(dto('rainier-sunrise-photo'))).toEqual([]);
    expect(restockTargets(dto('evergreen-gift-card'))).toEqual([]);
    expect(restockTargets(dto('ferry-at-dusk-print'))).toEqual([]);
  });
});
