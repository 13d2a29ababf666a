import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, productCategorizations, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { ADMIN_MESSAGES, PRODUCT_MESSAGES } from '../../core/admin/model';
import { MAX_UPLOAD_BYTES } from '../../api/modules/product/admin/uploads';
import type { ProductDto } from '../../core/product/model';
import { imageFileUrl } from '../../core/images/product-images';
import { ADMIN_ONLY_MESSAGE } from '../../api/modules/auth/plugin';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, registerVerified } from './auth-helpers';

// Uploaded images go to the data folder; this file gets its own, never the source tree.
const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-admin-products-'));
process.env.DATA_DIR = dataDir;

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const EDIT = {
  title: 'Campfire Enamel Mug, Speckled',
  description: 'A speckled enamel mug for the trail.',
  price: '21.50',
  isFeatured: true,
  priority: 3,
  categories: [{ category: 'Home', subcategory: 'Kitchen' }],
};

/** The routes this file adds to /api/admin, with bodies that would pass validation. */
const ROUTES: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'GET', path: `/admin/products/${SOME_ID}` },
  { method: 'POST', path: `/admin/products/${SOME_ID}`, body: EDIT },
  {
    method: 'POST',
    path: '/admin/products',
    body: {
      ...EDIT,
      quantity: 3,
      images: [`/uploads/products/${SOME_ID}.webp`],
      alttext: 'A mug on a table.',
    },
  },
  { method: 'GET', path: '/admin/categories' },
  { method: 'POST', path: '/admin/uploads', body: { data: 'aGVsbG8=' } },
  { method: 'GET', path: `/admin/returns/${SOME_ID}` },
  { method: 'POST', path: `/admin/returns/${SOME_ID}/approve`, body: {} },
  { method: 'POST', path: `/admin/returns/${SOME_ID}/decline`, body: { reason: 'Worn twice.' } },
  { method: 'POST', path: `/admin/returns/${SOME_ID}/receive`, body: {} },
  {
    method: 'POST',
    path: `/admin/returns/${SOME_ID}/refund`,
    body: { idempotencyKey: SOME_ID, lines: [{ orderItemId: SOME_ID, quantity: 1 }] },
  },
];

const call = (api: ApiHarness, route: (typeof ROUTES)[number], token?: string) =>
  route.method === 'GET'
    ? api.get(route.path, token ? bearer(token) : {})
    : api.post(route.path, route.body ?? {}, token ? bearer(token) : {});

async function png(width = 1000, height = 700) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 80 } },
  })
    .png()
    .toBuffer();
}

const auditOf = (api: ApiHarness, entity: string, entityId: string) =>
  api.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

describe('back office products, uploads and returns: access', () => {
  const api = useApi({ seed: true });

  it('refuses every new admin route without a token (401) and with a customer token (403)', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    for (const route of ROUTES) {
      expect((await call(api, route)).status, `${route.method} ${route.path} signed out`).toBe(401);
      const refused = await call(api, route, customer.token);
      expect(refused.status, `${route.method} ${route.path} as a customer`).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(ADMIN_ONLY_MESSAGE);
    }
    expect(readdirSync(dataDir)).not.toContain('uploads');
  });
});

describe('back office products (issue 14)', () => {
  const api = useApi({ seed: true });
  const enamel = seedProductId('campfire-enamel-mug');

  it('an edit shows in /product/detail and search at once, with one audit row', async () => {
    const admin = await signedInAdmin(api);
    const before = (await (await api.get(`/product/detail/${enamel}`)).json()) as ProductDto;
    expect(before.title).toBe('Campfire Enamel Mug');

    const saved = await api.post(`/admin/products/${enamel}`, EDIT, bearer(admin.token));
    expect(saved.status, await saved.clone().text()).toBe(200);

    const after = (await (await api.get(`/product/detail/${enamel}`)).json()) as ProductDto;
    expect(after).toMatchObject({
      title: EDIT.title,
      description: EDIT.description,
      price: 21.5,
      isFeatured: true,
      priority: 3,
      categorizations: [{ category: 'Home', subcategory: 'Kitchen' }],
    });
    const found = (await (await api.get('/product/search?q=speckled')).json()) as {
      products: ProductDto[];
    };
    expect(found.products.map((p) => p._id)).toContain(enamel);
    const featured = (await (await api.get('/product/search?isFeatured=true')).json()) as {
      products: ProductDto[];
    };
    expect(featured.products.map((p) => p._id)).toContain(enamel);

    const rows = await auditOf(api, 'product', enamel);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'product.edit',
      actorEmail: admin.email,
      before: { title: 'Campfire Enamel Mug' },
      after: { title: EDIT.title, priceCents: 2150, isFeatured: true, priority: 3 },
    });
  });

  it('refuses an edit that does not pass the form schema, and changes nothing', async () => {
    const admin = await signedInAdmin(api);
    const cedar = seedProductId('cedar-ridge-mug');
    const refused = await api.post(
      `/admin/products/${cedar}`,
      { ...EDIT, price: '12.345', categories: [] },
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    const fields = ((await refused.json()) as { fields: Record<string, string> }).fields;
    expect(Object.values(fields)).toEqual(
      expect.arrayContaining([PRODUCT_MESSAGES.price, PRODUCT_MESSAGES.categories]),
    );
    expect(await auditOf(api, 'product', cedar)).toHaveLength(0);
    const missing = await api.post(`/admin/products/${SOME_ID}`, EDIT, bearer(admin.token));
    expect(missing.status).toBe(404);
  });

  it('adds a product from an uploaded image: WebP copies in the data folder, found by search', async () => {
    const admin = await signedInAdmin(api);
    const upload = await api.post(
      '/admin/uploads',
      { data: (await png()).toString('base64') },
      bearer(admin.token),
    );
    expect(upload.status, await upload.clone().text()).toBe(200);
    const image = (await upload.json()) as { path: string; width: number; height: number };
    expect(image).toMatchObject({ width: 800, height: 800 });
    expect(image.path).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    const stored = readdirSync(join(dataDir, 'uploads', 'products'));
    const id = image.path.split('/').pop()!.replace('.webp', '');
    expect(stored).toEqual(
      expect.arrayContaining([`${id}.webp`, `${id}-400.webp`, `${id}-144.webp`]),
    );

    const created = await api.post(
      '/admin/products',
      {
        title: 'Huckleberry Trail Blanket',
        description: 'A wool blanket in huckleberry purple.',
        price: '89',
        isFeatured: false,
        priority: '',
        quantity: 12,
        categories: [{ category: 'Home', subcategory: 'Living Room' }],
        images: [image.path],
        alttext: 'A folded purple wool blanket.',
      },
      bearer(admin.token),
    );
    expect(created.status, await created.clone().text()).toBe(200);
    const product = (await created.json()) as { id: string; sku: string };

    const detail = await api.get(`/product/detail/${product.id}`);
    expect(detail.status).toBe(200);
    const dto = (await detail.json()) as ProductDto & {
      images?: Record<string, { src: string; srcset: string }>;
    };
    expect(dto).toMatchObject({ title: 'Huckleberry Trail Blanket', price: 89, quantity: 12 });
    expect(dto.image).toEqual([image.path]);
    const found = (await (await api.get('/product/search?q=huckleberry')).json()) as {
      products: ProductDto[];
    };
    expect(found.products[0]?._id).toBe(product.id);

    // Its copies come from the API's image route, under the same allow-list as /_image.
    const copy = await api.get(`/images?href=${encodeURIComponent(image.path)}&w=400&h=400&f=webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    // The full-size file that og:image and JSON-LD name.
    const full = await api.get(imageFileUrl(image.path).replace(/^\/api/, ''));
    expect(full.status).toBe(200);
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
    });
    expect(
      (await api.get(`/images?href=${encodeURIComponent(image.path)}&w=333&h=333&f=webp`)).status,
    ).toBe(400);
    expect(
      (await api.get(`/images?href=${encodeURIComponent('/../secrets.json')}&w=400`)).status,
    ).toBe(400);

    const rows = await auditOf(api, 'product', product.id);
    expect(rows.map((row) => row.action)).toEqual(['product.create']);
    expect(await auditOf(api, 'image', image.path)).toHaveLength(1);
    const [row] = await api.test.database.db
      .select({ category: products.category })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.category).toBe('Home');
    expect(
      await api.test.database.db
        .select()
        .from(productCategorizations)
        .where(eq(productCategorizations.productId, product.id)),
    ).toHaveLength(1);
  });

  it('refuses an upload that is not an image, and one over 10 MB, storing nothing', async () => {
    const admin = await signedInAdmin(api);
    const folder = join(dataDir, 'uploads', 'products');
    const countBefore = readdirSync(folder).length;
    const text = await api.post(
      '/admin/uploads',
      { data: Buffer.from('<html>not a picture</html>').toString('base64') },
      bearer(admin.token),
    );
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.notAnImage);

    // A real image header followed by junk, just over 10 MB.
    const header = await png(10, 10);
    const big = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - header.length, 1)]);
    const tooBig = await api.post(
      '/admin/uploads',
      { data: big.toString('base64') },
      bearer(admin.token),
    );
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.imageTooLarge);

    expect(readdirSync(folder).length).toBe(countBefore);
    const uploads = await api.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'image.upload'));
    expect(uploads.every((entry) => entry.actorEmail !== admin.email)).toBe(true);
  });

  it('refuses a product whose image was not uploaded here', async () => {
    const admin = await signedInAdmin(api);
    const refused = await api.post(
      '/admin/products',
      {
        ...EDIT,
        title: 'Phantom Lantern',
        quantity: 1,
        images: [`/uploads/products/${SOME_ID}.webp`],
        alttext: 'A lantern that was never uploaded.',
      },
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(PRODUCT_MESSAGES.image);
    const found = (await (await api.get('/product/search?q=phantom')).json()) as {
      products: ProductDto[];
    };
    expect(found.products).toEqual([]);
  });
});
