import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';
import type { SeedProduct } from '../../api/db/seed/types';
import {
  PRODUCT_MESSAGES,
  SEARCH_PAGE_SIZE,
  SECTION_LIMIT,
  type CategoryListing,
  type ProductDto,
  type SearchResult,
  type SubcategoryListing,
} from '../../core/product/model';
import { useApi } from '../helpers/api';

const idOf = (product: SeedProduct) => seedProductId(product.slug);
const inCategory = (product: SeedProduct, category: string, subcategory?: string) =>
  product.categorizations.some(
    (entry) =>
      entry.category === category &&
      (subcategory === undefined || entry.subcategory === subcategory),
  );
const priceOf = (product: { price: number | null }) => product.price ?? 40;
const priorityKey = (product: ProductDto) => product.priority ?? Number.POSITIVE_INFINITY;

describe('GET /api/product/search', () => {
  const api = useApi({ seed: true });

  async function search<T = SearchResult>(query: string): Promise<T> {
    const response = await api.get(`/product/search?${query}`);
    expect(response.status, query).toBe(200);
    return (await response.json()) as T;
  }

  /** Every page of a general search, in order. */
  async function allPages(query: string): Promise<ProductDto[]> {
    const first = await search(`${query}&page=1`);
    const found = [...first.products];
    for (let page = 2; page <= first.pagination.pages; page++) {
      found.push(...(await search(`${query}&page=${page}`)).products);
    }
    return found;
  }

  describe('a subcategory listing (?category=C&subcategory=S)', () => {
    it('lists exactly the products of that subcategory, by priority with missing priority last', async () => {
      const body = await search<SubcategoryListing>('category=Home&subcategory=Kitchen');
      const expected = catalogue.filter((p) => inCategory(p, 'Home', 'Kitchen')).map(idOf);
      expect(body.products.map((p) => p._id).sort()).toEqual(expected.sort());
      const keys = body.products.map(priorityKey);
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
      expect(body.pagination).toEqual({ page: 1, pages: 1 });
    });

    it('puts products without a priority last', async () => {
      const listings = [
        ['Gift Collection', 'Under $30'],
        ['Gift Collection', 'For Her'],
        ['Digital', 'Photo Downloads'],
      ];
      let sawMissing = false;
      for (const [category, subcategory] of listings) {
        const body = await search<SubcategoryListing>(
          `category=${encodeURIComponent(category!)}&subcategory=${encodeURIComponent(subcategory!)}`,
        );
        const firstMissing = body.products.findIndex((p) => p.priority === null);
        if (firstMissing === -1) continue;
        sawMissing = true;
        expect(body.products.slice(firstMissing).every((p) => p.priority === null)).toBe(true);
      }
      expect(sawMissing).toBe(true);
    });

    it('answers an empty list for a subcategory with no products', async () => {
      const body = await search<SubcategoryListing>('category=Home&subcategory=Nothing%20Here');
      expect(body.products).toEqual([]);
    });
  });

  describe('a category (?category=C)', () => {
    it('gives the first products of each section by priority, and the section order', async () => {
      const body = await search<CategoryListing>('category=Gift%20Collection');
      const inGifts = catalogue.filter((p) => inCategory(p, 'Gift Collection'));
      const sections = new Map<string, SeedProduct[]>();
      for (const product of inGifts) {
        const subs = product.categorizations
          .filter((c) => c.category === 'Gift Collection' && c.subcategory)
          .map((c) => c.subcategory!);
        for (const sub of subs.length > 0 ? subs : ['']) {
          sections.set(sub, [...(sections.get(sub) ?? []), product]);
        }
      }
      const byPriority = (a: SeedProduct, b: SeedProduct) =>
        (a.priority ?? Infinity) - (b.priority ?? Infinity) || a.title.localeCompare(b.title);
      const expected = new Set(
        [...sections.values()].flatMap((list) =>
          [...list].sort(byPriority).slice(0, SECTION_LIMIT).map(idOf),
        ),
      );
      expect(body.products.map((p) => p._id).sort()).toEqual([...expected].sort());
      // Under $30 has more than one section's worth: the rest are on its own page.
      expect(sections.get('Under $30')!.length).toBeGreaterThan(SECTION_LIMIT);
      expect(body.catOrders.map((entry) => entry.subcategory)).toEqual([
        'Under $30',
        'For Her',
        'For Him',
        'For the Home',
      ]);
      for (const entry of body.catOrders) expect(entry.category).toBe('Gift Collection');
      expect(body).not.toHaveProperty('pagination');
    });

    it('gives a small category whole', async () => {
      const body = await search<CategoryListing>('category=Pets');
      const expected = catalogue.filter((p) => inCategory(p, 'Pets')).map(idOf);
      expect(body.products.map((p) => p._id).sort()).toEqual(expected.sort());
    });
  });

  describe('the general search', () => {
    it('pages the whole catalogue 12 at a time, with the categories found', async () => {
      const body = await search('page=1');
      expect(body.products).toHaveLength(SEARCH_PAGE_SIZE);
      expect(body.pagination).toEqual({
        page: 1,
        pages: Math.ceil(catalogue.length / SEARCH_PAGE_SIZE),
      });
      const categories = [
        ...new Set(catalogue.flatMap((p) => p.categorizations.map((c) => c.category))),
      ];
      expect(body.categories).toEqual(categories.sort());
      const everything = await allPages('q=');
      expect(new Set(everything.map((p) => p._id)).size).toBe(catalogue.length);
    });

    it('answers a page past the end with no products and the right number of pages', async () => {
      const last = Math.ceil(catalogue.length / SEARCH_PAGE_SIZE);
      const lastPage = await search(`page=${last}`);
      expect(lastPage.products.length).toBe(catalogue.length - (last - 1) * SEARCH_PAGE_SIZE);
      const beyond = await search(`page=${last + 1}`);
      expect(beyond.products).toEqual([]);
      expect(beyond.pagination).toEqual({ page: last + 1, pages: last });
    });

    it('filters by price, inclusive, counting a product without a price as $40', async () => {
      const found = await allPages('minPrice=20&maxPrice=40');
      const expected = catalogue.filter((p) => {
        const price = (p.priceCents ?? 4000) / 100;
        return price >= 20 && price <= 40;
      });
      expect(found.map((p) => p._id).sort()).toEqual(expected.map(idOf).sort());
      expect(found.some((p) => p.price === null)).toBe(true);
      for (const product of found) expect(priceOf(product)).toBeGreaterThanOrEqual(20);
    });

    it('accepts a min price alone, a max price alone and cents', async () => {
      const cheap = await allPages('maxPrice=14.99');
      expect(cheap.length).toBeGreaterThan(0);
      for (const product of cheap) expect(priceOf(product)).toBeLessThanOrEqual(14.99);
      const dear = await allPages('minPrice=100');
      expect(dear.length).toBeGreaterThan(0);
      for (const product of dear) expect(priceOf(product)).toBeGreaterThanOrEqual(100);
    });

    it('filters by category while listing every category the other filters match', async () => {
      const body = await search('category=Pets&page=1');
      const expected = catalogue.filter((p) => inCategory(p, 'Pets')).map(idOf);
      expect(body.products.map((p) => p._id).sort()).toEqual(expected.sort());
      expect(body.categories.length).toBeGreaterThan(1);
      expect(body.categories).toContain('Pets');
    });

    it('sorts by price both ways across pages', async () => {
      const ascending = (await allPages('sort=priceAsc')).map(priceOf);
      expect(ascending).toHaveLength(catalogue.length);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const descending = (await allPages('sort=priceDesc')).map(priceOf);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    });

    it('combines text, category, price and sort', async () => {
      const found = await allPages('q=mug&category=Home&maxPrice=30&sort=priceDesc');
      expect(found.length).toBeGreaterThanOrEqual(2);
      for (const product of found) {
        expect(product.categorizations.some((c) => c.category === 'Home')).toBe(true);
        expect(priceOf(product)).toBeLessThanOrEqual(30);
      }
      const prices = found.map(priceOf);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  });

  describe('text search', () => {
    const titles = async (q: string) =>
      (await search(`q=${encodeURIComponent(q)}`)).products.map((p) => p.title);

    it('ranks title matches first', async () => {
      const found = await titles('mug');
      expect(found.slice(0, 2).every((title) => /mug/i.test(title))).toBe(true);
      // Products that only mention mugs in their description come after.
      expect(found.length).toBeGreaterThan(found.filter((title) => /mug/i.test(title)).length);
    });

    it('matches prefixes as the shopper types', async () => {
      for (const typed of ['yo', 'yog', 'yoga']) {
        const found = await titles(typed);
        expect(found.length, typed).toBeGreaterThanOrEqual(6);
        expect(
          found.slice(0, 6).every((title) => /yoga/i.test(title)),
          typed,
        ).toBe(true);
      }
      expect((await titles('terrar'))[0]).toBe('Mossy Forest Terrarium Kit');
    });

    it('tolerates typos', async () => {
      expect(
        (await titles('blankt')).filter((t) => /blanket/i.test(t)).length,
      ).toBeGreaterThanOrEqual(3);
      expect(await titles('hodie')).toContain('Cascade Pullover Hoodie');
      expect((await titles('wool blankt'))[0]).toBe('Cascade Wool-Blend Throw');
      expect(await titles('stonware mug')).toContain('Cedar Ridge Stoneware Mug');
    });

    it('understands plurals', async () => {
      const singular = await titles('blanket');
      expect(singular.length).toBeGreaterThanOrEqual(3);
      expect((await titles('blankets')).sort()).toEqual(singular.sort());
    });

    it('searches category names, descriptions and details', async () => {
      const cats = await search('q=cat');
      expect(cats.products.length).toBeGreaterThanOrEqual(4);
      for (const product of cats.products.slice(0, 4)) {
        expect(product.categorizations.some((c) => c.subcategory === 'Cat')).toBe(true);
      }
      // "speckled" appears in the mug's description and details, not in its title.
      expect(await titles('speckled')).toContain('Cedar Ridge Stoneware Mug');
      // "dishwasher" appears only in details.
      expect(await titles('dishwasher')).toContain('Cedar Ridge Stoneware Mug');
    });

    it('finds nothing for words nothing contains, as an empty page', async () => {
      const body = await search('q=zzqxv');
      expect(body.products).toEqual([]);
      expect(body.pagination).toEqual({ page: 1, pages: 1 });
      expect(body.categories).toEqual([]);
    });

    it('is not confused by search syntax in the text', async () => {
      for (const q of ["mug's", 'mug & | ! :* ( )', "'); drop table products; --", '   ']) {
        const response = await api.get(`/product/search?q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
      }
      expect((await search('page=1')).pagination.pages).toBeGreaterThan(1);
    });

    it('keeps search up to date when categorizations change (through catalogueChanged)', async () => {
      const db = api.test.database.db;
      const { productCategorizations } = await import('../../api/db/schema');
      const { eq, and } = await import('drizzle-orm');
      const { catalogueChanged } = await import('../../api/modules/catalogue');
      const mug = seedProductId('cedar-ridge-mug');
      await db.insert(productCategorizations).values({
        productId: mug,
        category: 'Zanzibar',
        subcategory: 'Quokka',
      });
      await catalogueChanged(db, { productIds: [mug] });
      expect(await titles('quokka')).toEqual(['Cedar Ridge Stoneware Mug']);
      await db
        .delete(productCategorizations)
        .where(
          and(
            eq(productCategorizations.productId, mug),
            eq(productCategorizations.category, 'Zanzibar'),
          ),
        );
      await catalogueChanged(db, { productIds: [mug] });
      expect(await titles('quokka')).toEqual([]);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['minPrice=-1', 'minPrice', PRODUCT_MESSAGES.minPrice],
      ['minPrice=abc', 'minPrice', PRODUCT_MESSAGES.minPrice],
      ['maxPrice=-0.5', 'maxPrice', PRODUCT_MESSAGES.maxPrice],
      ['maxPrice=ten', 'maxPrice', PRODUCT_MESSAGES.maxPrice],
      ['maxPrice=1e3', 'maxPrice', PRODUCT_MESSAGES.maxPrice],
      ['minPrice=50&maxPrice=20', 'minPrice', PRODUCT_MESSAGES.priceOrder],
      ['sort=cheapest', 'sort', PRODUCT_MESSAGES.sort],
      ['page=0', 'page', PRODUCT_MESSAGES.page],
      ['page=-2', 'page', PRODUCT_MESSAGES.page],
      ['page=1.5', 'page', PRODUCT_MESSAGES.page],
      ['page=two', 'page', PRODUCT_MESSAGES.page],
      ['isFeatured=yes', 'isFeatured', PRODUCT_MESSAGES.flag],
      ['subcategory=Kitchen', 'subcategory', PRODUCT_MESSAGES.subcategoryAlone],
      [`q=${'a'.repeat(101)}`, 'q', PRODUCT_MESSAGES.text],
    ])('%s answers 400 with a sentence', async (query, field, message) => {
      const response = await api.get(`/product/search?${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe(message);
      expect(body.fields[field]).toBe(message);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('treats empty parameters (an untouched form field) as not sent', async () => {
      const body = await search('q=&minPrice=&maxPrice=&sort=&category=&page=1');
      expect(body.products).toHaveLength(SEARCH_PAGE_SIZE);
    });
  });

  describe('cache headers', () => {
    it.each([
      'category=Home',
      'category=Home&subcategory=Kitchen',
      'q=mug&page=1',
      'isFeatured=true',
    ])(
      '%s carries an ETag and a Cache-Control with stale-while-revalidate, and revalidates to 304',
      async (query) => {
        const first = await api.get(`/product/search?${query}`);
        const etag = first.headers.get('etag');
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(first.headers.get('cache-control')).toMatch(
          /^public, max-age=\d+, stale-while-revalidate=\d+$/,
        );
        const again = await api.get(`/product/search?${query}`, {
          headers: { 'if-none-match': etag! },
        });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        const stale = await api.get(`/product/search?${query}`, {
          headers: { 'if-none-match': '"something-else"' },
        });
        expect(stale.status).toBe(200);
      },
    );
  });
});
