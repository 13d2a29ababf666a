import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { catalogueChanged } from '../../api/modules/product/invalidate';
import type { ProductDto } from '../../api/modules/product/model';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

describe('catalogue answers reused in memory (CATALOGUE_CACHE_SECONDS)', () => {
  let test: TestDatabase;
  let app: App;
  beforeAll(async () => {
    test = await createTestDatabase({ seed: true });
    app = createApp({ database: test.database, catalogueCacheSeconds: 30 });
  });
  afterAll(() => test.cleanup());

  const get = (path: string) => app.handle(new Request(`http://localhost/api${path}`));
  const mug = seedProductId('cedar-ridge-mug');

  it('answers a repeated request from memory until the catalogue says it changed', async () => {
    const first = (await (await get(`/product/detail/${mug}`)).json()) as ProductDto;
    await test.database.db
      .update(products)
      .set({ title: 'Renamed Mug' })
      .where(eq(products.id, mug));
    const again = (await (await get(`/product/detail/${mug}`)).json()) as ProductDto;
    expect(again.title).toBe(first.title);
    catalogueChanged();
    const fresh = (await (await get(`/product/detail/${mug}`)).json()) as ProductDto;
    expect(fresh.title).toBe('Renamed Mug');
  });

  it('keeps different questions apart and never keeps errors', async () => {
    const mugs = (await (await get('/product/search?q=mug&page=1')).json()) as {
      products: unknown[];
    };
    const page2 = (await (await get('/product/search?page=2')).json()) as { products: unknown[] };
    expect(mugs.products).not.toEqual(page2.products);
    const missing = await get('/product/detail/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});
