import { describe, expect, it } from 'vitest';
import { chargedCents, isOnSale, priceOnDay, saleIsOn } from '../../core/product/sale';
import { saleInput, SALE_MESSAGES } from '../../core/admin/sale-body';
import { productEditBody } from '../../core/admin/product-body';
import { listedPlaces } from '../../core/catalogue/price-shelf';
import { CatalogueModel } from '../../api/modules/catalogue/read-model';
import { withSales } from '../../api/modules/catalogue/sale-pricing';
import type { ProductDto } from '../../core/product/model';
import { shopMidnight } from '../../core/shop-calendar';
import {
  bodyOf,
  checkedBody,
  splitMessages,
  toFields,
  type Editable,
} from '../../src/islands/admin/product-fields';

const terms = (priceCents: number, startsOn: string | null, endsOn: string | null) => ({
  priceCents,
  startsOn,
  endsOn,
});

describe('whether a sale is on (core/product/sale.ts)', () => {
  const sale = terms(1500, '2026-12-01', '2026-12-24');

  it('is on from its first to its last shop day, both included', () => {
    expect(saleIsOn(sale, 2000, '2026-11-30')).toBe(false);
    expect(saleIsOn(sale, 2000, '2026-12-01')).toBe(true);
    expect(saleIsOn(sale, 2000, '2026-12-12')).toBe(true);
    expect(saleIsOn(sale, 2000, '2026-12-24')).toBe(true);
    expect(saleIsOn(sale, 2000, '2026-12-25')).toBe(false);
  });

  it('is open on a side without a day', () => {
    expect(saleIsOn(terms(1500, null, '2026-12-24'), 2000, '2000-01-01')).toBe(true);
    expect(saleIsOn(terms(1500, null, '2026-12-24'), 2000, '2026-12-25')).toBe(false);
    expect(saleIsOn(terms(1500, '2026-12-01', null), 2000, '2099-12-31')).toBe(true);
    expect(saleIsOn(terms(1500, '2026-12-01', null), 2000, '2026-11-30')).toBe(false);
    expect(saleIsOn(terms(1500, null, null), 2000, '2026-12-01')).toBe(true);
  });

  it('is no sale at or above the regular price, at 0, or without terms', () => {
    expect(saleIsOn(terms(2000, null, null), 2000, '2026-12-01')).toBe(false);
    expect(saleIsOn(terms(2500, null, null), 2000, '2026-12-01')).toBe(false);
    expect(saleIsOn(terms(1999, null, null), 2000, '2026-12-01')).toBe(true);
    expect(saleIsOn(terms(0, null, null), 2000, '2026-12-01')).toBe(false);
    expect(saleIsOn(null, 2000, '2026-12-01')).toBe(false);
  });

  it('charges the sale price on its days and the regular price otherwise', () => {
    expect(chargedCents(2000, sale, '2026-12-24')).toBe(1500);
    expect(chargedCents(2000, sale, '2026-12-25')).toBe(2000);
    expect(priceOnDay(2000, sale, '2026-12-05')).toEqual({
      priceCents: 1500,
      compareAtCents: 2000,
      saleEndsOn: '2026-12-24',
    });
    expect(priceOnDay(2000, terms(1500, null, null), '2026-12-05')).toEqual({
      priceCents: 1500,
      compareAtCents: 2000,
      saleEndsOn: null,
    });
    expect(priceOnDay(2000, sale, '2026-11-01')).toEqual({
      priceCents: 2000,
      compareAtCents: null,
      saleEndsOn: null,
    });
  });
});

describe("the owner's sale schema (core/admin/sale-body.ts)", () => {
  it('takes a price above 0 with days, empty days open', () => {
    expect(saleInput.parse({ price: '14.50', startsOn: '2026-12-01', endsOn: '' })).toEqual({
      price: 1450,
      startsOn: '2026-12-01',
      endsOn: null,
    });
  });

  it('refuses each mistake with its sentence', () => {
    const message = (value: unknown) => saleInput.safeParse(value).error?.issues[0]?.message;
    expect(message({ price: '0', startsOn: null, endsOn: null })).toBe(SALE_MESSAGES.price);
    expect(message({ price: '1.234', startsOn: null, endsOn: null })).toBe(SALE_MESSAGES.price);
    expect(message({ price: '5', startsOn: '2026-02-30', endsOn: null })).toBe(
      SALE_MESSAGES.startsOn,
    );
    expect(message({ price: '5', startsOn: '2026-12-02', endsOn: '2026-12-01' })).toBe(
      SALE_MESSAGES.order,
    );
  });

  it('refuses a sale price not below the regular price, the product’s or a variant’s', () => {
    const body = {
      title: 'A mug',
      description: '',
      price: '19',
      isFeatured: false,
      priority: '',
      categories: [{ category: 'Home', subcategory: 'Kitchen' }],
      sale: { price: '19', startsOn: null, endsOn: null },
      variants: [
        {
          type: 'size',
          title: 'Large',
          sku: 'EG-LARGE',
          price: '10',
          quantity: 1,
          image: '',
          sale: { price: '12', startsOn: null, endsOn: null },
        },
      ],
    };
    const issues = productEditBody.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sale.price', SALE_MESSAGES.belowRegular],
      ['variants.0.sale.price', SALE_MESSAGES.belowRegular],
    ]);
    const fine = { ...body, sale: { price: '18.99' }, variants: [] };
    expect(productEditBody.safeParse(fine).success).toBe(true);
  });
});

const product = (id: string, price: number, extra: Partial<ProductDto> = {}): ProductDto => ({
  _id: id,
  title: `Product ${id}`,
  description: '',
  price,
  compareAtPrice: null,
  saleEndsOn: null,
  image: [],
  alttext: '',
  sku: `SKU-${id}`,
  quantity: 5,
  supplier: 'Evergreen',
  category: 'Gift Collection',
  kind: 'goods',
  taxClass: 'standard',
  categorizations: [{ category: 'Gift Collection', subcategory: 'For Her' }],
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

describe('the "Under $30" shelf lists by the price charged (core/catalogue/price-shelf.ts)', () => {
  const under = { category: 'Gift Collection', subcategory: 'Under $30' };
  it('adds a gift charged under $30 and leaves out one charged $30 or more', () => {
    expect(listedPlaces(product('a', 29.99))).toContainEqual(under);
    expect(listedPlaces(product('b', 30))).not.toContainEqual(under);
    expect(listedPlaces(product('c', 36, { categorizations: [under] }))).toEqual([]);
    // Not a gift: not on the Gift Collection's shelf whatever its price.
    expect(
      listedPlaces(product('d', 5, { categorizations: [{ category: 'Home', subcategory: null }] })),
    ).toEqual([{ category: 'Home', subcategory: null }]);
  });
});

describe('the catalogue prices its products for the shop day it is read on (issue 42)', () => {
  // Noon in Seattle on each day.
  const at = (day: string) => new Date(shopMidnight(day).getTime() + 12 * 3_600_000);
  let clock = at('2026-12-01');
  const now = () => clock;
  const onSale = (id: string, from: string | null, to: string | null, quantity = 5) =>
    withSales(product(id, 36, { quantity }), terms(2500, from, to), {}, '2000-01-01');

  const model = new CatalogueModel(
    [
      onSale('starts-tomorrow', '2026-12-02', '2026-12-02'),
      onSale('ends-today', null, '2026-12-01'),
      product('regular', 40),
    ],
    [],
    now,
  );
  const under30 = () =>
    model.subcategoryListing('Gift Collection', 'Under $30').products.map((p) => p._id);
  const found = (filters: Parameters<CatalogueModel['search']>[0]) =>
    model.search(filters).products.map((p) => p._id);

  it('applies the sales on today, whatever day the database read priced them for', () => {
    expect(model.product('ends-today')).toMatchObject({
      price: 25,
      compareAtPrice: 36,
      saleEndsOn: '2026-12-01',
    });
    expect(model.product('starts-tomorrow')).toMatchObject({ price: 36, compareAtPrice: null });
    expect(isOnSale(model.product('ends-today'))).toBe(true);
    expect(found({ onSale: true })).toEqual(['ends-today']);
    expect(found({ maxPrice: 30 })).toEqual(['ends-today']);
    expect(under30()).toEqual(['ends-today']);
    expect(JSON.parse(new TextDecoder().decode(model.productJson('ends-today').body))).toEqual(
      expect.objectContaining({ price: 25, compareAtPrice: 36 }),
    );
  });

  it('prices them again on the first read of the next shop day, without a reload', () => {
    const before = model.listingVersion('Gift Collection', 'Under $30');
    clock = at('2026-12-02');
    expect(model.product('ends-today')).toMatchObject({ price: 36, compareAtPrice: null });
    expect(model.product('starts-tomorrow')).toMatchObject({
      price: 25,
      compareAtPrice: 36,
      saleEndsOn: '2026-12-02',
    });
    expect(found({ onSale: true })).toEqual(['starts-tomorrow']);
    expect(found({ sort: 'priceAsc' })).toEqual(['starts-tomorrow', 'ends-today', 'regular']);
    expect(under30()).toEqual(['starts-tomorrow']);
    expect(model.listingVersion('Gift Collection', 'Under $30')).not.toBe(before);
    const json = JSON.parse(new TextDecoder().decode(model.productJson('starts-tomorrow').body));
    expect(json).toMatchObject({ price: 25, compareAtPrice: 36 });
  });

  it('keeps a stock change of a product on sale through the next day', () => {
    model.apply([onSale('starts-tomorrow', '2026-12-02', '2026-12-03', 1)]);
    clock = at('2026-12-03');
    expect(model.product('starts-tomorrow')).toMatchObject({ price: 25, quantity: 1 });
    clock = at('2026-12-04');
    expect(model.product('starts-tomorrow')).toMatchObject({ price: 36, quantity: 1 });
  });
});

describe("the product editor's sale fields (src/islands/admin/product-fields.ts)", () => {
  const editable: Editable = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'A mug',
    description: '',
    priceCents: 1900,
    salePriceCents: 1450,
    saleStartsOn: '2026-12-01',
    saleEndsOn: null,
    isFeatured: false,
    priority: null,
    categories: [{ category: 'Home', subcategory: 'Kitchen' }],
    sku: 'EG-A-MUG',
    quantity: 3,
    status: 'active',
    alttext: 'A mug on a table',
    details: [],
    images: ['/images/products/a-mug.webp'],
    isBundle: false,
    personalization: null,
    variants: [],
  };

  it('loads a sale into the fields and sends it back as the API takes it', () => {
    const fields = toFields(editable);
    expect(fields.sale).toEqual({ price: '14.50', startsOn: '2026-12-01', endsOn: '' });
    expect(bodyOf(fields, [], false).sale).toEqual({
      price: '14.50',
      startsOn: '2026-12-01',
      endsOn: null,
    });
    expect(
      bodyOf({ ...fields, sale: { price: ' ', startsOn: '', endsOn: '' } }, [], false).sale,
    ).toBe(null);
  });

  it("checks it with the API's schema and shows each message under its field", () => {
    const fields = { ...toFields(editable), sale: { price: '19', startsOn: '', endsOn: '' } };
    const { messages } = checkedBody(fields, [], false);
    expect(splitMessages(messages).fields).toMatchObject({
      'sale.price': SALE_MESSAGES.belowRegular,
    });
    const backwards = {
      ...toFields(editable),
      sale: { price: '10', startsOn: '2026-12-02', endsOn: '2026-12-01' },
    };
    expect(splitMessages(checkedBody(backwards, [], false).messages).fields).toMatchObject({
      'sale.endsOn': SALE_MESSAGES.order,
    });
  });
});
