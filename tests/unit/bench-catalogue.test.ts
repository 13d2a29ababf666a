import { describe, expect, it } from 'vitest';
import { benchCatalogue, BENCH_CATALOGUE_SIZE } from '../../bench/catalogue-10k';

describe('the 10,000-product load-test catalogue', () => {
  const catalogue = benchCatalogue();

  it('has 10,000 products with unique slugs and skus, variants and bundle options included', () => {
    expect(catalogue).toHaveLength(BENCH_CATALOGUE_SIZE);
    expect(new Set(catalogue.map((p) => p.slug)).size).toBe(BENCH_CATALOGUE_SIZE);
    const skus = catalogue.flatMap((p) => [
      p.sku,
      ...(p.variants ?? []).map((v) => v.sku),
      ...(p.bundleOptions ?? []).flatMap((group) => group.options.map((o) => o.sku)),
    ]);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('is the same every time', () => {
    expect(benchCatalogue(50)).toEqual(catalogue.slice(0, 50));
  });

  it('spreads over categories, with variants, bundles, unknown stock and missing prices', () => {
    const categories = new Set(catalogue.flatMap((p) => p.categorizations.map((c) => c.category)));
    expect(categories.size).toBeGreaterThanOrEqual(7);
    expect(catalogue.filter((p) => p.variants).length).toBeGreaterThan(1000);
    expect(catalogue.filter((p) => p.bundleOptions).length).toBeGreaterThan(50);
    expect(catalogue.some((p) => p.quantity === undefined)).toBe(true);
    expect(catalogue.some((p) => p.priceCents === undefined)).toBe(true);
    for (const product of catalogue.slice(0, 500)) {
      expect(product.images.length).toBeGreaterThan(0);
      expect(product.images[0]).toMatch(/^\/images\/products\/[\w-]+\.webp$/);
    }
  });
});
