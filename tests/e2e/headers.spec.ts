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
