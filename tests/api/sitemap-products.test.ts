import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { listingSitemapEntries, productSitemapEntries } from '../../server/pages/sitemap-products';
import { useApi } from '../helpers/api';

const SITE = 'https://shop.example';

describe('sitemap entries for the catalogue', () => {
  const api = useApi({ seed: true });

  it('lists every product page with its last change', async () => {
    const entries = await productSitemapEntries(api.test.database.db, SITE);
    expect(entries).toHaveLength(catalogue.length);
    const mug = entries.find((entry) => entry.loc.endsWith(seedProductId('cedar-ridge-mug')));
    expect(mug?.loc).toBe(`${SITE}/productdetailpage/${seedProductId('cedar-ridge-mug')}`);
    for (const entry of entries) {
      expect(new Date(entry.lastmod).toISOString()).toBe(entry.lastmod);
    }
  });

  it('lists every category and subcategory page once', async () => {
    const entries = await listingSitemapEntries(api.test.database.db, SITE);
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${SITE}/products/Gift%20Collection/`);
    expect(locs).toContain(`${SITE}/products/Gift%20Collection/Under%20$30`);
    expect(locs).toContain(`${SITE}/products/Home/`);
    const pairs = new Set(
      catalogue.flatMap((p) =>
        p.categorizations.map((c) => `${c.category}|${c.subcategory ?? ''}`),
      ),
    );
    const categories = new Set(catalogue.flatMap((p) => p.categorizations.map((c) => c.category)));
    const subcategoryPairs = [...pairs].filter((pair) => !pair.endsWith('|'));
    expect(entries).toHaveLength(categories.size + subcategoryPairs.length);
  });
});
