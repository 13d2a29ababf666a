import { describe, expect, it } from 'vitest';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { seedProductId } from '../../api/db/seed';
import type { ProductDto } from '../../core/product/model';
import { useApi } from '../helpers/api';

describe('GET /api/product/search?isFeatured=true', () => {
  const api = useApi({ seed: true });

  it('lists exactly the featured products in the spec shape', async () => {
    const response = await api.get('/product/search?isFeatured=true');
    expect(response.status).toBe(200);
    const { products } = (await response.json()) as { products: ProductDto[] };
    const featured = catalogue.filter((product) => product.isFeatured);
    expect(products.map((product) => product._id).sort()).toEqual(
      featured.map((product) => seedProductId(product.slug)).sort(),
    );
    for (const product of products) {
      expect(product).toMatchObject({
        _id: expect.any(String),
        title: expect.any(String),
        image: expect.any(Array),
        alttext: expect.any(String),
        sku: expect.any(String),
        isFeatured: true,
        ratings: { thumbsUp: expect.any(Number), thumbsDown: expect.any(Number) },
      });
      expect(product.image.length).toBeGreaterThan(0);
    }
  });

  it('gives prices in dollars computed from the stored cents', async () => {
    const response = await api.get('/product/search?isFeatured=true');
    const { products } = (await response.json()) as { products: ProductDto[] };
    for (const product of products) {
      const source = catalogue.find((entry) => seedProductId(entry.slug) === product._id)!;
      expect(product.price).toBe(source.priceCents === undefined ? null : source.priceCents / 100);
    }
  });

  it('orders by priority with missing priority last', async () => {
    const response = await api.get('/product/search?isFeatured=true');
    const { products } = (await response.json()) as { products: ProductDto[] };
    const priorities = products.map((product) => product.priority ?? Number.POSITIVE_INFINITY);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });

  it('refuses a malformed flag with a sentence', async () => {
    const response = await api.get('/product/search?isFeatured=yes');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toEqual(expect.any(String));
    expect(body.fields).toHaveProperty('isFeatured');
  });
});
