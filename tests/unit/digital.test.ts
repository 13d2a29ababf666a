import { describe, expect, it } from 'vitest';
import { isReturnable } from '../../api/modules/orders/returns-policy';
import { lineCap } from '../../core/cart/rules';
import { productImageSize } from '../../core/images/product-images';
import { DIGITAL_CATEGORY, isDigital, isDigitalCategory } from '../../core/product/digital';

// spec §4: a product is digital when its category is 'digital', in any case: one check, asked by
// the cart, the order, the return policy, the ratings, the pages and the image sizes.
describe('the digital check', () => {
  it.each(['digital', 'Digital', 'DIGITAL', 'dIgItAl'])('%s is digital', (category) => {
    expect(isDigitalCategory(category)).toBe(true);
    expect(isDigital({ category })).toBe(true);
  });

  it.each(['', 'digitals', 'digital ', 'digital-art', 'home', 'photography'])(
    '"%s" is not digital',
    (category) => {
      expect(isDigitalCategory(category)).toBe(false);
      expect(isDigital({ category })).toBe(false);
    },
  );

  it('is the lower-case name the SQL of the download links compares with', () => {
    expect(DIGITAL_CATEGORY).toBe('digital');
  });

  it('decides the photo size in any case; the line of one and no return follow the kind', () => {
    for (const category of ['digital', 'Digital', 'DIGITAL']) {
      expect(productImageSize(category)).toEqual({ width: 1200, height: 800 });
    }
    expect(lineCap({ kind: 'digital', stock: 10 })).toBe(1);
    expect(lineCap({ kind: 'goods', stock: 10 })).toBe(6);
    expect(isReturnable({ kind: 'digital', title: 'Sunrise', unitPriceCents: 5_000 })).toBe(false);
    expect(isReturnable({ kind: 'goods', title: 'Mug', unitPriceCents: 5_000 })).toBe(true);
    expect(productImageSize('home')).toEqual({ width: 800, height: 800 });
  });
});
