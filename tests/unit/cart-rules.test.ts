import { describe, expect, it } from 'vitest';
import {
  addLine,
  allowedQuantity,
  availableStock,
  countUnits,
  isDigital,
  lineCap,
  limitMessage,
  removeLine,
  subtotal,
  updateLineQuantity,
  MAX_PER_LINE,
  shipsNothing,
  type CartLine,
} from '../../core/cart/rules';
import { resolveSku } from '../../core/cart/lines';
import type { ProductDto } from '../../core/product/model';

/** The seeded gift card's shape: its amounts as variants, its kind `gift_card`. */
const giftCardProduct: ProductDto = {
  _id: 'gift',
  title: 'Evergreen Gift Card',
  description: '',
  price: 25,
  image: [],
  alttext: '',
  sku: 'EG-GIFTCARD',
  quantity: null,
  supplier: 'Evergreen',
  category: 'Gift Cards',
  kind: 'gift_card',
  taxClass: 'exempt',
  categorizations: [],
  hasVariants: true,
  variants: [
    {
      sku: 'EG-GIFTCARD-CUSTOM',
      title: 'Custom amount ($10 to $500)',
      price: 10,
      quantity: 9999,
      attributes: {},
      image: [],
      type: 'option',
    },
  ],
  isBundle: false,
  optionTitles: [],
  details: [],
  sizeChart: null,
  ratings: { thumbsUp: 0, thumbsDown: 0 },
  priority: null,
  isFeatured: false,
};

type Line = CartLine & { price: number };

const line = (overrides: Partial<Line> = {}): Line => ({
  _id: 'p1',
  sku: 'SKU-1',
  quantity: 1,
  category: 'home',
  stock: 10,
  price: 24,
  ...overrides,
});

describe('cart rules (spec §4, §5, §9)', () => {
  describe('the limit message (spec §5)', () => {
    it.each([
      [0, 'You can only add 0 more of this item.'],
      [1, 'You can only add 1 more of this item.'],
      [4, 'You can only add 4 more of this item.'],
    ])('reads word for word for %i', (remaining, text) => {
      expect(limitMessage(remaining)).toBe(text);
    });
  });

  describe('digital products: the kind says so, never the category', () => {
    it.each([
      [{ kind: 'digital', category: 'home' }, true],
      [{ kind: 'goods', category: 'digital' }, false],
      [{ kind: 'gift_card', category: 'Gift Cards' }, false],
      // A line kept by an older page, before lines carried their kind, counts as goods.
      [{ category: 'digital' }, false],
    ] as const)('%o → %s', (item, digital) => {
      expect(isDigital(item as Partial<CartLine>)).toBe(digital);
    });
  });

  describe('a gift card line (issue 35 row 4): no stock limit, so never capped by stock', () => {
    // What the product page and the cart check make of a gift card amount (core/cart/lines.ts).
    const card = resolveSku(giftCardProduct, 'EG-GIFTCARD-CUSTOM')!;
    const cartLine: Line = { ...card, quantity: 1 };

    it('is not sold out: the line may hold 6, whatever the stock fields say', () => {
      expect(card.stock).toBeNull();
      expect(lineCap(cartLine)).toBe(MAX_PER_LINE);
      expect(lineCap({ ...cartLine, stock: 0, selectedVariant: { sku: card.sku, stock: 0 } })).toBe(
        MAX_PER_LINE,
      );
    });

    it('adds to the cart and takes a quantity up to 6', () => {
      const added = addLine<Line>([], cartLine, 2);
      expect(added).toMatchObject({ added: 2 });
      expect(allowedQuantity(cartLine, 4)).toBe(4);
      expect(allowedQuantity(cartLine, 9)).toBe(MAX_PER_LINE);
    });

    it('ships nothing: a cart of gift cards asks for no shipping address', () => {
      expect(shipsNothing([cartLine])).toBe(true);
      expect(shipsNothing([cartLine, line()])).toBe(false);
    });
  });

  describe('available stock: a variant’s stock, falling back to its quantity', () => {
    it.each<[string, Partial<Line>, number | undefined]>([
      ['product stock', { stock: 7 }, 7],
      ['unknown product stock', { stock: undefined }, undefined],
      ['null product stock', { stock: null }, undefined],
      [
        'variant stock wins over product stock',
        { stock: 7, selectedVariant: { sku: 'v', stock: 2 } },
        2,
      ],
      [
        'variant quantity when it has no stock',
        { stock: 7, selectedVariant: { sku: 'v', quantity: 3 } },
        3,
      ],
      [
        'variant stock before its quantity',
        { selectedVariant: { sku: 'v', stock: 1, quantity: 9 } },
        1,
      ],
      ['variant with neither', { stock: 7, selectedVariant: { sku: 'v' } }, undefined],
    ])('%s', (_name, overrides, expected) => {
      expect(availableStock(line(overrides))).toBe(expected);
    });
  });

  describe('the most one line may hold', () => {
    it.each<[string, Partial<Line>, number]>([
      ['6 per line when stock is larger', { stock: 40 }, 6],
      ['stock when below 6', { stock: 4 }, 4],
      ['0 when sold out', { stock: 0 }, 0],
      ['6 when stock is unknown', { stock: undefined }, 6],
      ['1 for a digital item', { kind: 'digital', stock: 9999 }, 1],
      ['1 for a digital item of unknown stock', { kind: 'digital', stock: undefined }, 1],
      ['the variant’s stock', { stock: 40, selectedVariant: { sku: 'v', quantity: 2 } }, 2],
    ])('%s', (_name, overrides, cap) => {
      expect(lineCap(line(overrides))).toBe(cap);
    });
  });

  describe('add item (spec §4 Add item, §5)', () => {
    it.each<[string, Line[], Line, number, number | null, number | null]>([
      // name, cart before, item, requested, quantity after (null: no line), remaining when refused
      ['a new line starts at 1', [], line(), 1, 1, null],
      ['a new line with a chosen quantity', [], line(), 3, 3, null],
      ['same _id and sku merges, +1', [line({ quantity: 2 })], line(), 1, 3, null],
      [
        'known stock: rises while below stock',
        [line({ quantity: 2, stock: 3 })],
        line({ stock: 3 }),
        1,
        3,
        null,
      ],
      [
        'known stock: stays at stock',
        [line({ quantity: 3, stock: 3 })],
        line({ stock: 3 }),
        1,
        3,
        0,
      ],
      [
        'unknown stock: rises by 1',
        [line({ quantity: 4, stock: undefined })],
        line({ stock: undefined }),
        1,
        5,
        null,
      ],
      [
        'unknown stock: still never past 6',
        [line({ quantity: 6, stock: undefined })],
        line({ stock: undefined }),
        1,
        6,
        0,
      ],
      [
        '6 per line even with plenty of stock',
        [line({ quantity: 6, stock: 50 })],
        line({ stock: 50 }),
        1,
        6,
        0,
      ],
      ['digital: a new line is 1', [], line({ kind: 'digital' }), 1, 1, null],
      ['digital: stays at 1', [line({ kind: 'digital' })], line({ kind: 'digital' }), 1, 1, 0],
      ['digital: cannot start at 2', [], line({ kind: 'digital' }), 2, null, 1],
      [
        'request plus cart may not pass stock',
        [line({ quantity: 2, stock: 5 })],
        line({ stock: 5 }),
        4,
        2,
        3,
      ],
      [
        'request plus cart exactly at stock',
        [line({ quantity: 2, stock: 5 })],
        line({ stock: 5 }),
        3,
        5,
        null,
      ],
      ['sold out: nothing added', [], line({ stock: 0 }), 1, null, 0],
      [
        'variant stock falls back to its quantity',
        [line({ quantity: 2, selectedVariant: { sku: 'SKU-1', quantity: 2 } })],
        line({ selectedVariant: { sku: 'SKU-1', quantity: 2 } }),
        1,
        2,
        0,
      ],
    ])('%s', (_name, before, item, requested, after, remaining) => {
      const result = addLine(before, item, requested);
      const found = result.items.find((entry) => entry._id === item._id && entry.sku === item.sku);
      expect(found?.quantity ?? null).toBe(after);
      if (remaining === null) {
        expect(result.limited).toBeUndefined();
        expect(result.added).toBe(requested);
      } else {
        expect(result.limited).toEqual({ remaining, message: limitMessage(remaining) });
        expect(result.added).toBe(0);
        expect(result.items).toBe(before);
      }
    });

    it('keeps a different sku of the same product on its own line', () => {
      const { items } = addLine([line({ sku: 'A', quantity: 2 })], line({ sku: 'B' }));
      expect(items.map((entry) => [entry.sku, entry.quantity])).toEqual([
        ['A', 2],
        ['B', 1],
      ]);
    });

    it('takes the newest price and stock when merging', () => {
      const { items } = addLine([line({ price: 20, stock: 3 })], line({ price: 22, stock: 8 }));
      expect(items[0]).toMatchObject({ price: 22, stock: 8, quantity: 2 });
    });

    it('does not change the list it was given', () => {
      const before = [line()];
      addLine(before, line());
      expect(before[0]!.quantity).toBe(1);
    });
  });

  describe('remove item and clear', () => {
    it('removes only the line with that _id and sku', () => {
      const items = [line({ sku: 'A' }), line({ sku: 'B' }), line({ _id: 'p2', sku: 'A' })];
      expect(removeLine(items, 'p1', 'A').map((entry) => `${entry._id}/${entry.sku}`)).toEqual([
        'p1/B',
        'p2/A',
      ]);
      expect(removeLine(items, 'p9', 'A')).toHaveLength(3);
    });
  });

  describe('update quantity (spec §4 Update quantity, §9)', () => {
    it.each<[string, Partial<Line>, number, number]>([
      ['takes the request within limits', { stock: 10 }, 4, 4],
      ['caps at 6 per line', { stock: 10 }, 9, 6],
      ['caps at stock', { stock: 3 }, 5, 3],
      ['uses 50 when stock is unknown, so 6 still caps', { stock: undefined }, 40, 6],
      ['never below 1', { stock: 10 }, 0, 1],
      ['never below 1 for negatives', { stock: 10 }, -3, 1],
      ['whole units only', { stock: 10 }, 2.7, 2],
      ['forces digital items to 1', { kind: 'digital', stock: 9999 }, 3, 1],
      ['forces digital items to 1 even when asked for 0', { category: 'DIGITAL' }, 0, 1],
      ['uses the variant’s stock', { stock: 10, selectedVariant: { sku: 'v', stock: 2 } }, 5, 2],
      [
        'falls back to the variant’s quantity',
        { selectedVariant: { sku: 'v', quantity: 4 } },
        5,
        4,
      ],
    ])('%s', (_name, overrides, requested, expected) => {
      expect(allowedQuantity(line(overrides), requested)).toBe(expected);
    });

    it('says how many more would fit when the request was more than allowed', () => {
      const result = updateLineQuantity([line({ quantity: 2, stock: 4 })], 'p1', 'SKU-1', 6);
      expect(result.quantity).toBe(4);
      expect(result.items[0]!.quantity).toBe(4);
      expect(result.limited).toEqual({
        remaining: 2,
        message: 'You can only add 2 more of this item.',
      });
    });

    it('says nothing when the request fits', () => {
      const result = updateLineQuantity([line({ quantity: 2 })], 'p1', 'SKU-1', 3);
      expect(result).toMatchObject({ quantity: 3 });
      expect(result.limited).toBeUndefined();
    });

    it('leaves the cart alone for a line it does not have', () => {
      const items = [line()];
      expect(updateLineQuantity(items, 'p1', 'OTHER', 3).items).toBe(items);
    });
  });

  describe('badge count and subtotal', () => {
    it('counts units across lines', () => {
      expect(countUnits([])).toBe(0);
      expect(countUnits([line({ quantity: 2 }), line({ sku: 'B', quantity: 3 })])).toBe(5);
    });

    it('adds up in cents', () => {
      expect(subtotal([line({ price: 0.1, quantity: 3 }), line({ price: 0.2, quantity: 1 })])).toBe(
        0.5,
      );
      expect(
        subtotal([line({ price: 24.5, quantity: 2 }), line({ price: 19.99, quantity: 1 })]),
      ).toBe(68.99);
    });
  });
});
