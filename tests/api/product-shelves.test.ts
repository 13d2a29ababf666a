import { describe, expect, it } from 'vitest';
import { products } from '../../api/db/seed/catalogue';
import { useApi } from '../helpers/api';

/**
 * GET /api/product/shelves (issue 24): every category with its subcategories, as the menu of a
 * prerendered page asks for them; the same shelves the Shop all page shows.
 */
describe('GET /api/product/shelves', () => {
  const api = useApi({ seed: true });

  it('lists every category of the catalogue once, each with every one of its subcategories', async () => {
    const response = await api.get('/product/shelves');
    expect(response.status).toBe(200);
    const { shelves } = (await response.json()) as {
      shelves: { category: string; subcategories: string[] }[];
    };
    const expected = new Map<string, Set<string>>();
    for (const product of products) {
      for (const { category, subcategory } of product.categorizations) {
        const subcategories = expected.get(category) ?? new Set<string>();
        if (subcategory) subcategories.add(subcategory);
        expected.set(category, subcategories);
      }
    }
    expect(shelves.map((shelf) => shelf.category).sort()).toEqual([...expected.keys()].sort());
    for (const shelf of shelves) {
      expect(new Set(shelf.subcategories), shelf.category).toEqual(expected.get(shelf.category));
    }
    expect(shelves.map((shelf) => shelf.category)).toContain('Clothing');
  });
});
