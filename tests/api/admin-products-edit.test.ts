import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../api/seed';
import { seedProductId } from '../../api/db/seed';
import { products as seedProducts } from '../../api/db/seed/catalogue';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { bodyOf, toFields, type Editable } from '../../src/islands/admin/product-fields';

/**
 * The body the product editor sends for a product it loaded and did not change: the form's own
 * reading of the product (toFields) and its own body (bodyOf), every field of issue 25 included.
 */
const unchangedBody = (product: Editable) => bodyOf(toFields(product), [], false);

describe('editing every seeded product unchanged (issue 25)', () => {
  const api = useApi({ seed: true });

  it('saves each product exactly as the editor loaded it, and changes nothing', async () => {
    const admin = await signedInAdmin(api);
    const refused: string[] = [];
    for (const seeded of seedProducts) {
      const id = seedProductId(seeded.slug);
      const loaded = await api.get(`/admin/products/${id}`, bearer(admin.token));
      expect(loaded.status, seeded.slug).toBe(200);
      const before = (await loaded.json()) as Editable;

      const saved = await api.post(
        `/admin/products/${id}`,
        unchangedBody(before),
        bearer(admin.token),
      );
      if (saved.status !== 200) {
        refused.push(`${seeded.slug}: ${saved.status} ${await saved.text()}`);
        continue;
      }
      const after = (await (
        await api.get(`/admin/products/${id}`, bearer(admin.token))
      ).json()) as Editable;
      expect.soft(after, seeded.slug).toEqual(before);
    }
    expect(refused).toEqual([]);
  });
});

describe('the categories the product editor picks from (issue 25)', () => {
  const api = useApi({ seed: true });

  it('lists every category of the catalogue with its subcategories, by name', async () => {
    const admin = await signedInAdmin(api);
    const answer = await api.get('/admin/categories', bearer(admin.token));
    expect(answer.status).toBe(200);
    const { categories } = (await answer.json()) as {
      categories: { name: string; subcategories: string[] }[];
    };
    const names = categories.map((category) => category.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    const seeded = new Map<string, Set<string>>();
    for (const product of seedProducts) {
      for (const entry of product.categorizations) {
        const subcategories = seeded.get(entry.category) ?? new Set<string>();
        if (entry.subcategory) subcategories.add(entry.subcategory);
        seeded.set(entry.category, subcategories);
      }
    }
    for (const [name, subcategories] of seeded) {
      const listed = categories.find((category) => category.name === name);
      expect(listed?.subcategories, name).toEqual(expect.arrayContaining([...subcategories]));
    }
    expect(categories.find((category) => category.name === 'Gift Collection')).toEqual({
      name: 'Gift Collection',
      subcategories: ['For Her', 'For Him', 'For the Home', 'Under $30'],
    });
  });

  it('the seed refuses a catalogue whose names the editor could not save', async () => {
    const [mug] = seedProducts;
    await expect(
      seedCatalogue(api.test.database.db, [
        {
          ...mug!,
          slug: 'markup-mug',
          categorizations: [{ category: 'Home', subcategory: '<b>Kitchen</b>' }],
        },
      ]),
    ).rejects.toThrow('<b>Kitchen</b>');
  });
});
