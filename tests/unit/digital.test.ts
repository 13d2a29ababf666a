import { describe, expect, it } from 'vitest';
import { isReturnable } from '../../api/modules/orders/returns-policy';
import { lineCap } from '../../core/cart/rules';
import { productImageSize } from '../../core/images/product-images';
import { isDownloadsShelf } from '../../core/product/digital';

// Issue 35 point 6: a product is digital by its kind, whatever its category is called. The cart,
// the order, the return policy, the ratings, the pages and the image sizes all read the kind.
describe('the digital check', () => {
  it('decides the photo size, the line of one and no return from the kind alone', () => {
    expect(productImageSize({ kind: 'digital' })).toEqual({ width: 1200, height: 800 });
    expect(productImageSize({ kind: 'goods' })).toEqual({ width: 800, height: 800 });
    expect(productImageSize({ kind: 'gift_card' })).toEqual({ width: 800, height: 800 });
    // A line kept by an older page, without a kind, counts as goods until the cart check.
    expect(productImageSize({})).toEqual({ width: 800, height: 800 });
    expect(lineCap({ kind: 'digital', stock: 10 })).toBe(1);
    expect(lineCap({ kind: 'goods', stock: 10 })).toBe(6);
    expect(isReturnable({ kind: 'digital', unitPriceCents: 5_000 })).toBe(false);
    expect(isReturnable({ kind: 'goods', unitPriceCents: 5_000 })).toBe(true);
  });

  it.each(['digital', 'Digital', 'DIGITAL'])(
    'names the downloads shelf "%s" in any case',
    (name) => {
      expect(isDownloadsShelf(name)).toBe(true);
    },
  );

  it.each(['', 'digitals', 'digital ', 'Prints', 'home'])('"%s" is another shelf', (name) => {
    expect(isDownloadsShelf(name)).toBe(false);
  });
});
