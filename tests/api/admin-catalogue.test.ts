import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productVariants } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { PRODUCT_MESSAGES } from '../../core/admin/model';
import type { ProductDto, VariantDto } from '../../core/product/model';
import { catalogueOf } from '../../api/modules/catalogue';
import { productSitemapEntries } from '../../server/pages/sitemap-products';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-admin-catalogue-'));
process.env.DATA_DIR = dataDir;

async function uploaded(api: ApiHarness, token: string, red: number) {
  const png = await sharp({
    create: { width: 40, height: 40, channels: 3, background: { r: red, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
  const answer = await api.post('/admin/uploads', { data: png.toString('base64') }, bearer(token));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { path: string }).path;
}

const size = (title: string, sku: string, price: string, quantity: number, image: string) => ({
  type: 'size',
  title,
  sku,
  price,
  quantity,
  image,
});

const searchIds = async (api: ApiHarness, q: string) =>
  (
    (await (await api.get(`/product/search?q=${q}`)).json()) as { products: ProductDto[] }
  ).products.map((product) => product._id);

describe('the product editor: variants and drafts (issue 25)', () => {
  const api = useApi({ seed: true });

  it('a draft with two sizes is hidden from its page, search and the sitemap; published, it shows', async () => {
    const admin = await signedInAdmin(api);
    const front = await uploaded(api, admin.token, 200);
    const back = await uploaded(api, admin.token, 20);
    const body = {
      title: 'Salal Leaf Apron',
      description: 'A waxed canvas apron printed with salal leaves.',
      price: '38',
      isFeatured: false,
      priority: '',
      quantity: 0,
      categories: [{ category: 'Home', subcategory: 'Kitchen' }],
      images: [front, back],
      alttext: 'A green canvas apron with a salal leaf print.',
      sku: 'eg-apron-salal',
      details: ['Waxed cotton canvas', '', 'Adjustable neck strap'],
      variants: [
        size('S/M', 'EG-APRON-SALAL-SM', '38', 4, front),
        size('L/XL', 'EG-APRON-SALAL-LX', '41.50', 6, back),
      ],
      status: 'draft',
    };
    const created = await api.post('/admin/products', body, bearer(admin.token));
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = (await created.json()) as { id: string };

    expect((await api.get(`/product/detail/${id}`)).status).toBe(404);
    expect(await searchIds(api, 'salal')).toEqual([]);
    const db = api.test.database.db;
    expect((await productSitemapEntries(db, 'https://x.example')).map((e) => e.loc)).not.toContain(
      `https://x.example/productdetailpage/${id}`,
    );
    // A draft cannot be bought: the cart check reads it as a removed product.
    const cart = await api.post('/cart/validate', {
      items: [{ _id: id, sku: 'EG-APRON-SALAL-SM', quantity: 1, price: 38, title: body.title }],
    });
    expect(cart.status).toBe(200);
    const checked = (await cart.json()) as { items: unknown[]; changes: { kind: string }[] };
    expect(checked.items).toEqual([]);
    expect(checked.changes.map((change) => change.kind)).toEqual(['removed']);

    const editable = (await (
      await api.get(`/admin/products/${id}`, bearer(admin.token))
    ).json()) as { sku: string; details: string[]; status: string; variants: { id: string }[] };
    expect(editable).toMatchObject({
      sku: 'EG-APRON-SALAL',
      details: ['Waxed cotton canvas', 'Adjustable neck strap'],
      status: 'draft',
    });

    const published = await api.post(
      `/admin/products/${id}`,
      {
        ...body,
        status: 'active',
        variants: body.variants.map((variant, index) => ({
          ...variant,
          id: editable.variants[index]!.id,
        })),
      },
      bearer(admin.token),
    );
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await searchIds(api, 'salal')).toEqual([id]);
    const page = (await (await api.get(`/product/detail/${id}`)).json()) as ProductDto;
    expect(page.hasVariants).toBe(true);
    expect(page.quantity).toBe(10);
    expect(page.image).toEqual([front, back]);
    expect(page.alttext).toBe(body.alttext);
    expect(
      (page.variants as VariantDto[]).map((v) => [v.title, v.sku, v.price, v.quantity, v.image]),
    ).toEqual([
      ['S/M', 'EG-APRON-SALAL-SM', 38, 4, [front]],
      ['L/XL', 'EG-APRON-SALAL-LX', 41.5, 6, [back]],
    ]);
    expect((await productSitemapEntries(db, 'https://x.example')).map((e) => e.loc)).toContain(
      `https://x.example/productdetailpage/${id}`,
    );
  });

  it('a seeded product made a draft leaves its page, its listing, search and the sitemap', async () => {
    const admin = await signedInAdmin(api);
    const id = seedProductId('cedar-ridge-mug');
    const loaded = (await (await api.get(`/admin/products/${id}`, bearer(admin.token))).json()) as {
      title: string;
      description: string;
      categories: unknown[];
    };
    expect((await api.get(`/product/detail/${id}`)).status).toBe(200);
    const saved = await api.post(
      `/admin/products/${id}`,
      {
        title: loaded.title,
        description: loaded.description,
        price: '24',
        isFeatured: false,
        priority: '',
        categories: loaded.categories,
        status: 'draft',
      },
      bearer(admin.token),
    );
    expect(saved.status).toBe(200);
    expect((await api.get(`/product/detail/${id}`)).status).toBe(404);
    expect(await searchIds(api, 'cedar%20ridge%20mug')).not.toContain(id);
    expect(
      (await productSitemapEntries(api.test.database.db, 'https://x.example')).map((e) => e.loc),
    ).not.toContain(`https://x.example/productdetailpage/${id}`);
    const model = await catalogueOf(api.test.database.db);
    const kitchen = model.subcategoryListing('Home', 'Kitchen').products.map((p) => p._id);
    expect(kitchen).not.toContain(id);
    expect(kitchen.length).toBeGreaterThan(0);
  });

  it("an existing variant's stock moves by the owner's change, not back over a sale", async () => {
    const admin = await signedInAdmin(api);
    const id = seedProductId('cedar-ridge-mug');
    const loaded = (await (
      await api.get(`/admin/products/${id}`, bearer(admin.token))
    ).json()) as Parameters<typeof import('../../src/islands/admin/product-fields').toFields>[0];
    const { bodyOf, toFields } = await import('../../src/islands/admin/product-fields');
    const fields = toFields(loaded);
    const green = fields.variants[0]!;
    // A sale of 2 lands while the form is open; the owner adds 5 to what the form showed.
    await api.test.database.db
      .update(productVariants)
      .set({ quantity: green.seen! - 2 })
      .where(eq(productVariants.sku, green.sku));
    green.quantity = String(green.seen! + 5);
    const saved = await api.post(
      `/admin/products/${id}`,
      { ...bodyOf(fields, [], false), status: 'active' },
      bearer(admin.token),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [row] = await api.test.database.db
      .select({ quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.sku, green.sku));
    expect(row!.quantity).toBe(green.seen! + 3);
    const mug = (await (await api.get(`/product/detail/${id}`)).json()) as ProductDto;
    const variants = mug.variants as VariantDto[];
    expect(mug.quantity).toBe(variants.reduce((sum, v) => sum + v.quantity, 0));
  });

  it('refuses a taken SKU, a SKU twice, a missing alt text and a foreign image, at their fields', async () => {
    const admin = await signedInAdmin(api);
    const image = await uploaded(api, admin.token, 120);
    const base = {
      title: 'Fern Tea Towel',
      description: '',
      price: '12',
      isFeatured: false,
      priority: '',
      quantity: 3,
      categories: [{ category: 'Home', subcategory: 'Kitchen' }],
      images: [image],
      alttext: 'A linen towel with a fern print.',
    };
    const fieldsOf = async (body: object) => {
      const answer = await api.post('/admin/products', body, bearer(admin.token));
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { fields: Record<string, string> }).fields;
    };
    expect(await fieldsOf({ ...base, sku: 'EG-MUG-CEDAR-GRN' })).toEqual({
      sku: PRODUCT_MESSAGES.skuTaken,
    });
    expect(
      await fieldsOf({
        ...base,
        variants: [size('S', 'EG-FERN-S', '12', 1, ''), size('M', 'EG-FERN-S', '12', 1, '')],
      }),
    ).toMatchObject({ 'variants.1.sku': PRODUCT_MESSAGES.skuTwice });
    expect(await fieldsOf({ ...base, alttext: '' })).toMatchObject({
      alttext: PRODUCT_MESSAGES.alttext,
    });
    expect(
      await fieldsOf({ ...base, images: ['/images/products/cedar-ridge-mug-closeup.webp'] }),
    ).toEqual({ images: PRODUCT_MESSAGES.image });
    expect(await searchIds(api, 'fern%20tea')).toEqual([]);
  });
});
