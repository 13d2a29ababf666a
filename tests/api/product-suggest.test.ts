import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { PRODUCT_MESSAGES } from '../../core/product/model';
import {
  SUGGEST_PRODUCT_LIMIT,
  SUGGEST_SHELF_LIMIT,
  type SuggestAnswer,
} from '../../core/product/suggest';
import { useApi } from '../helpers/api';

const MUG = seedProductId('cedar-ridge-mug');

describe('GET /api/product/suggest', () => {
  const api = useApi({ seed: true });

  async function suggest(q: string): Promise<SuggestAnswer> {
    const response = await api.get(`/product/suggest?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return (await response.json()) as SuggestAnswer;
  }

  it('answers small rows: id, title, price, thumbnail and the matched part, no descriptions', async () => {
    const answer = await suggest('stoneware');
    const mug = answer.products.find((product) => product._id === MUG);
    expect(mug).toEqual({
      _id: MUG,
      title: 'Cedar Ridge Stoneware Mug',
      price: 24,
      thumb: expect.stringMatching(/^\/_image\?/),
      marks: [[12, 21]],
      soldOut: false,
    });
    for (const product of answer.products) {
      expect(Object.keys(product).sort()).toEqual([
        '_id',
        'marks',
        'price',
        'soldOut',
        'thumb',
        'title',
      ]);
    }
    // Title matches rank first (four stoneware titles in the demo catalogue), then the others.
    const titled = answer.products.map((product) => product.title.includes('Stoneware'));
    expect(titled.slice(0, 4)).toEqual([true, true, true, true]);
    expect(answer.products.filter((product) => product.marks.length > 0).length).toBe(4);
  });

  it('finds a word being typed, and one typed with a typo', async () => {
    for (const q of ['stonew', 'stonw', 'stonware', 'Stoneware mu']) {
      const answer = await suggest(q);
      expect(
        answer.products.map((product) => product._id),
        q,
      ).toContain(MUG);
    }
    const typed = await suggest('stonw');
    const mug = typed.products.find((product) => product._id === MUG)!;
    expect(mug.title.slice(...mug.marks[0]!)).toBe('Stoneware');
  });

  it('says which suggested product is sold out, as its card does (issue 39)', async () => {
    const answer = await suggest('blanket');
    const blanket = answer.products.find(
      (product) => product.title === 'Ferry Deck Plaid Picnic Blanket',
    );
    expect(blanket?.soldOut).toBe(true);
    const mugs = await suggest('stoneware');
    expect(mugs.products.find((product) => product._id === MUG)?.soldOut).toBe(false);
  });

  it('gives at most six products, best first, and the matching categories and subcategories', async () => {
    const broad = await suggest('ba');
    expect(broad.products.length).toBe(SUGGEST_PRODUCT_LIMIT);
    const kitchen = await suggest('kitch');
    expect(kitchen.shelves).toContainEqual({ category: 'Home', subcategory: 'Kitchen' });
    const yoga = await suggest('yoga');
    expect(yoga.shelves[0]).toEqual({ category: 'Yoga', subcategory: null });
    expect(yoga.shelves.length).toBeLessThanOrEqual(SUGGEST_SHELF_LIMIT);
    // The same order search gives its first page.
    const search = (await (await api.get('/product/search?q=yoga')).json()) as {
      products: { _id: string }[];
    };
    expect(yoga.products.map((product) => product._id)).toEqual(
      search.products.slice(0, SUGGEST_PRODUCT_LIMIT).map((product) => product._id),
    );
  });

  it('answers nothing for fewer than two characters or words it cannot find', async () => {
    for (const q of ['', ' ', 'm', ' m ', 'qqqqzzzz', '!!!']) {
      expect(await suggest(q), JSON.stringify(q)).toEqual({ products: [], shelves: [] });
    }
  });

  it('refuses text over 100 characters with search’s own sentence', async () => {
    const response = await api.get(`/product/suggest?q=${'a'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(PRODUCT_MESSAGES.text);
  });

  it('lets a shared cache keep it briefly, with an ETag', async () => {
    const response = await api.get('/product/suggest?q=mug');
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=10, s-maxage=60, stale-while-revalidate=60',
    );
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await api.get('/product/suggest?q=mug', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
