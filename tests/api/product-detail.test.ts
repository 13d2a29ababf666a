import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { PRODUCT_MESSAGES, type ProductDto, type VariantDto } from '../../core/product/model';
import { useApi } from '../helpers/api';

describe('GET /api/product/detail/:id', () => {
  const api = useApi({ seed: true });

  it('gives the product in the spec shape', async () => {
    const source = catalogue.find((p) => p.slug === 'cedar-ridge-mug')!;
    const response = await api.get(`/product/detail/${seedProductId(source.slug)}`);
    expect(response.status).toBe(200);
    const product = (await response.json()) as ProductDto;
    expect(product).toMatchObject({
      _id: seedProductId(source.slug),
      title: source.title,
      description: source.description,
      price: source.priceCents! / 100,
      sku: source.sku,
      quantity: source.quantity,
      details: source.details,
      hasVariants: true,
      isBundle: false,
      ratings: source.ratings,
    });
    expect((product.variants as VariantDto[]).map((v) => v.sku)).toEqual(
      source.variants!.map((v) => v.sku),
    );
    expect(product).not.toHaveProperty('searchText');
    expect(product).not.toHaveProperty('searchVector');
  });

  it('gives a bundle its option lists with their titles and its titled size charts', async () => {
    const source = catalogue.find((p) => p.slug === 'cozy-night-bundle')!;
    const response = await api.get(`/product/detail/${seedProductId(source.slug)}`);
    const product = (await response.json()) as ProductDto;
    expect(product.isBundle).toBe(true);
    expect(product.optionTitles).toEqual(source.bundleOptions!.map((group) => group.title));
    const lists = product.variants as VariantDto[][];
    expect(lists.map((list) => list.map((v) => v.sku))).toEqual(
      source.bundleOptions!.map((group) => group.options.map((o) => o.sku)),
    );
    expect(Array.isArray(product.sizeChart)).toBe(true);
  });

  it('gives null for a product without a price (the page shows $40)', async () => {
    const source = catalogue.find((p) => p.priceCents === undefined)!;
    const response = await api.get(`/product/detail/${seedProductId(source.slug)}`);
    expect(((await response.json()) as ProductDto).price).toBeNull();
  });

  it('answers 404 with a sentence for an unknown id', async () => {
    const response = await api.get('/product/detail/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: PRODUCT_MESSAGES.notFound });
  });

  it.each(['not-a-uuid', '123', '00000000-0000-4000-8000-00000000000z'])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const response = await api.get(`/product/detail/${id}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error).toBe(PRODUCT_MESSAGES.productId);
    },
  );

  it('carries an ETag and cache headers, and answers 304 when nothing changed', async () => {
    const path = `/product/detail/${seedProductId('cedar-ridge-mug')}`;
    const first = await api.get(path);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toContain('stale-while-revalidate');
    const again = await api.get(path, { headers: { 'if-none-match': `W/${etag}` } });
    expect(again.status).toBe(304);
  });
});
