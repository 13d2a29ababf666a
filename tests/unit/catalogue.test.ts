import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categoryOrders, products } from '../../api/db/seed/catalogue';
import type { SeedProduct, SeedVariant } from '../../api/db/seed/types';

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

/** Category/subcategory pairs that links in the header, the home page and the spec point at. */
const REQUIRED_PAIRS: [string, string][] = [
  ['Gift Collection', 'Under $30'],
  ['Gift Collection', 'For Her'],
  ['Gift Collection', 'For Him'],
  ['Gift Collection', 'For the Home'],
  ['Yoga', 'Yoga Mats'],
  ['Yoga', 'Yoga Accessories'],
  ['Pets', 'Cat'],
  ['Pets', 'Dog'],
  ['Artwork', 'For the Art Lover'],
  ['Artwork', 'Prints'],
  ['Home', 'Kitchen'],
  ['Home', 'Blankets'],
  ['Home', 'Towels'],
  ['Clothing', 'Tops'],
  ['Clothing', 'Sweatshirts'],
  ['Digital', 'Photo Downloads'],
];

const allVariants = (p: SeedProduct): SeedVariant[] => [
  ...(p.variants ?? []),
  ...(p.bundleOptions ?? []).flatMap((group) => group.options),
];

const allImages = (p: SeedProduct): string[] => [
  ...p.images,
  ...allVariants(p).flatMap((v) => v.images),
];

const inPair = (p: SeedProduct, category: string, subcategory?: string): boolean =>
  p.categorizations.some((c) => c.category === category && c.subcategory === subcategory);

const isTitledList = (chart: SeedProduct['sizeChart']): boolean =>
  Array.isArray(chart) &&
  chart.length > 0 &&
  chart.every((t) => t.title.length > 0 && t.columns.length > 1 && t.rows.length > 0);

describe('demo catalogue', () => {
  it('has enough products', () => {
    expect(products.length).toBeGreaterThanOrEqual(48);
  });

  it('has unique slugs and unique skus across products, variants and bundle options', () => {
    const slugs = products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const skus = products.flatMap((p) => [p.sku, ...allVariants(p).map((v) => v.sku)]);
    const duplicates = skus.filter((sku, i) => skus.indexOf(sku) !== i);
    expect(duplicates).toEqual([]);
  });

  it('fills every category and subcategory the site links to', () => {
    for (const [category, subcategory] of REQUIRED_PAIRS) {
      const count = products.filter((p) => inPair(p, category, subcategory)).length;
      expect(count, `${category} / ${subcategory}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('puts some products in a category without a subcategory', () => {
    expect(products.some((p) => inPair(p, 'Gift Collection'))).toBe(true);
    expect(products.some((p) => inPair(p, 'Home'))).toBe(true);
  });

  it('lists each categorization of a product once', () => {
    for (const p of products) {
      const keys = p.categorizations.map((c) => `${c.category}|${c.subcategory ?? ''}`);
      expect(new Set(keys).size, p.slug).toBe(keys.length);
    }
  });

  it('gives every product alt text, a description and 3 to 5 details', () => {
    for (const p of products) {
      expect(p.alttext.trim().length, p.slug).toBeGreaterThan(10);
      expect(p.description.trim().length, p.slug).toBeGreaterThan(20);
      expect(p.details.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.details.length, p.slug).toBeLessThanOrEqual(5);
    }
  });

  it('keeps everything in Under $30 under $30, variants included', () => {
    const under = products.filter((p) => inPair(p, 'Gift Collection', 'Under $30'));
    for (const p of under) {
      expect(p.priceCents, p.slug).toBeDefined();
      expect(p.priceCents!, p.slug).toBeLessThan(3000);
      for (const v of allVariants(p)) expect(v.priceCents, v.sku).toBeLessThan(3000);
    }
  });

  it('uses whole-cent prices between $9 and $180, with one product left unpriced', () => {
    const priced = products.filter((p) => p.priceCents !== undefined);
    expect(products.length - priced.length).toBe(1);
    for (const p of priced) {
      expect(Number.isInteger(p.priceCents), p.slug).toBe(true);
      expect(p.priceCents!, p.slug).toBeGreaterThanOrEqual(900);
      expect(p.priceCents!, p.slug).toBeLessThanOrEqual(18000);
    }
    for (const v of products.flatMap(allVariants)) {
      expect(Number.isInteger(v.priceCents) && v.priceCents > 0, v.sku).toBe(true);
    }
  });

  it('has bundles with several option lists and a titled size chart per garment', () => {
    const bundles = products.filter((p) => (p.bundleOptions?.length ?? 0) >= 2);
    expect(bundles.length).toBeGreaterThanOrEqual(3);
    for (const b of bundles) {
      for (const group of b.bundleOptions!) {
        expect(group.title.length, b.slug).toBeGreaterThan(0);
        expect(group.options.length, `${b.slug} ${group.title}`).toBeGreaterThanOrEqual(2);
      }
    }
    expect(bundles.filter((b) => isTitledList(b.sizeChart)).length).toBeGreaterThanOrEqual(2);
  });

  it('has clothing with size variants and a size chart', () => {
    const sized = products.filter(
      (p) =>
        p.category === 'clothing' &&
        (p.variants?.length ?? 0) > 1 &&
        p.variants!.every((v) => v.type === 'size' && v.attributes.size) &&
        p.sizeChart !== undefined &&
        !Array.isArray(p.sizeChart) &&
        p.sizeChart.columns[0] === 'Size' &&
        p.sizeChart.rows.length >= p.variants!.length,
    );
    expect(sized.length).toBeGreaterThanOrEqual(3);
  });

  it('has colour variants that each carry their own image', () => {
    const coloured = products.filter(
      (p) =>
        (p.variants?.length ?? 0) > 1 &&
        p.variants!.every((v) => v.type === 'color' && v.attributes.color && v.images.length > 0),
    );
    expect(coloured.length).toBeGreaterThanOrEqual(3);
    for (const p of coloured) {
      const firstImages = p.variants!.map((v) => v.images[0]);
      expect(new Set(firstImages).size, p.slug).toBe(p.variants!.length);
    }
    expect(coloured.some((p) => p.variants!.some((v) => v.priceCents !== p.priceCents))).toBe(true);
  });

  it('has digital photo downloads without variants or stock limits', () => {
    const digital = products.filter((p) => p.category === 'digital');
    expect(digital.length).toBeGreaterThanOrEqual(4);
    for (const p of digital) {
      expect(p.variants, p.slug).toBeUndefined();
      expect(p.bundleOptions, p.slug).toBeUndefined();
      expect(p.quantity === undefined || p.quantity >= 1000, p.slug).toBe(true);
      expect(
        p.details.some((d) => /licen[cs]e/i.test(d)),
        p.slug,
      ).toBe(true);
    }
  });

  it('has out-of-stock and low-stock products and variants', () => {
    expect(products.some((p) => p.quantity === 0)).toBe(true);
    expect(
      products.some((p) => p.quantity !== undefined && p.quantity >= 1 && p.quantity <= 3),
    ).toBe(true);
    expect(products.some((p) => p.variants?.some((v) => v.quantity === 0))).toBe(true);
  });

  it('keeps a variant product’s stock equal to the sum of its variants', () => {
    for (const p of products.filter((p) => p.variants?.length)) {
      const sum = p.variants!.reduce((total, v) => total + v.quantity, 0);
      expect(p.quantity, p.slug).toBe(sum);
    }
  });

  it('features at least 8 products and leaves some without a priority', () => {
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(8);
    const missing = products.filter((p) => p.priority === undefined).length;
    expect(missing).toBeGreaterThan(0);
    expect(missing).toBeLessThan(products.length / 3);
  });

  it('orders only subcategories that exist, and leaves some unordered', () => {
    const used = new Set(
      products.flatMap((p) =>
        p.categorizations.filter((c) => c.subcategory).map((c) => `${c.category}|${c.subcategory}`),
      ),
    );
    const ordered = categoryOrders.map((o) => `${o.category}|${o.subcategory}`);
    expect(new Set(ordered).size).toBe(ordered.length);
    for (const key of ordered) expect(used.has(key), key).toBe(true);
    expect([...used].some((key) => !ordered.includes(key))).toBe(true);
  });

  it('has a real picture behind every image path', async () => {
    const paths = [...new Set(products.flatMap(allImages))];
    expect(paths.length).toBeGreaterThan(0);
    await Promise.all(
      paths.map(async (path) => {
        expect(path, path).toMatch(/^\/images\/products\/[a-z0-9-]+\.webp$/);
        const file = `${PUBLIC}${path}`;
        expect(existsSync(file), `${path} is missing; run npx tsx scripts/generate-images.ts`).toBe(
          true,
        );
        const image = sharp(file);
        const meta = await image.metadata();
        expect(meta.format, path).toBe('webp');
        expect(meta.width ?? 0, path).toBeGreaterThanOrEqual(400);
        expect(meta.height ?? 0, path).toBeGreaterThanOrEqual(400);
        const stats = await image.stats();
        expect(Math.max(...stats.channels.map((c) => c.stdev)), path).toBeGreaterThan(5);
      }),
    );
  }, 60_000);
});
