import { request as http } from 'node:http';
import { expect, test } from '@playwright/test';

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test.describe('security headers', () => {
  for (const [kind, path] of [
    ['the home page', '/'],
    ['a prerendered page', '/faq'],
    ['the API', '/api/health'],
    ['an unknown page', '/no-such-page'],
  ] as const) {
    test(`on ${kind}`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers).toMatchObject(SECURITY);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    });
  }

  for (const [kind, path] of [
    ['a built script', null],
    ['a public file', '/favicon.svg'],
    ['product artwork', '/images/products/alder-cutting-board.webp'],
    [
      'a resized image',
      '/_image?href=%2Fimages%2Fproducts%2Falder-cutting-board.webp&w=240&h=240&f=webp',
    ],
    ['robots.txt', '/robots.txt'],
  ] as const) {
    test(`nosniff on ${kind}`, async ({ request, page }) => {
      let address: string | null = path;
      if (address === null) {
        await page.goto('/faq');
        address = (await page
          .locator('script[src^="/_astro/"], link[href^="/_astro/"]')
          .first()
          .evaluate((node) => node.getAttribute('src') ?? node.getAttribute('href')))!;
      }
      const response = await request.get(address);
      expect(response.status()).toBe(200);
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
    });
  }

  test("the request id is the server's own, never the client's", async ({ request }) => {
    for (const path of ['/', '/faq', '/products/Yoga/', '/api/health']) {
      const response = await request.get(path, {
        headers: { 'x-request-id': 'client-chosen-id-123' },
      });
      const id = response.headers()['x-request-id'];
      expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
      expect(id, path).not.toBe('client-chosen-id-123');
    }
  });

  test('a page rendered on demand carries Astro’s script hashes, not unsafe-inline', async ({
    request,
  }) => {
    const policy = (await request.get('/no-such-page')).headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("'unsafe-inline'");
  });
});

/** GET with a chosen Accept-Encoding, reading the raw (undecoded) answer. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
    http(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ headers: response.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

test('built scripts are sent precompressed and cached for good', async ({ page, baseURL }) => {
  await page.goto('/faq');
  const script = await page
    .locator('script[src^="/_astro/"], link[href^="/_astro/"]')
    .first()
    .evaluate((node) => node.getAttribute('src') ?? node.getAttribute('href'));
  const url = `${baseURL}${script}`;
  const plain = await rawGet(url, 'identity');
  const brotli = await rawGet(url, 'br, gzip');
  const gzip = await rawGet(url, 'gzip');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(brotli.bytes).toBeLessThan(plain.bytes);
  expect(brotli.headers['vary']).toBe('Accept-Encoding');
  expect(brotli.headers['cache-control']).toContain('immutable');
});
