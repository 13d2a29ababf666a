import { request as http } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { placeGuestOrder } from './support/orders';

/**
 * The built server in production form: answers made on demand are compressed when the client
 * accepts it, and kept catalogue pages are answered by the server entry (304 included) until what
 * they show changes.
 */

const TOWEL = seedProductId('salmon-run-tea-towel');
const TOWEL_PAGE = `/productdetailpage/${TOWEL}`;
/** The stock the page's island is given (its props, HTML-escaped). */
const STOCK = /&quot;quantity&quot;:\[0,(\d+)\]/;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET with chosen headers, reading the raw (undecoded) answer. */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

test.describe('compression', () => {
  for (const [kind, path] of [
    ['a kept product page', TOWEL_PAGE],
    ['a listing page', '/products/Home/'],
    ['the search page', '/search?q=towel'],
    ['a search answer of the API', '/api/product/search?q=towel'],
  ] as const) {
    test(`${kind} is compressed when the client accepts it, plain otherwise`, async ({
      baseURL,
    }) => {
      // Twice: the first may be rendered by Astro, the second comes from the kept page.
      for (let round = 0; round < 2; round += 1) {
        const plain = await rawGet(`${baseURL}${path}`, { 'accept-encoding': 'identity' });
        const brotli = await rawGet(`${baseURL}${path}`, { 'accept-encoding': 'gzip, br' });
        const gzip = await rawGet(`${baseURL}${path}`, { 'accept-encoding': 'gzip' });
        expect(plain.status, path).toBe(200);
        expect(plain.headers['content-encoding'], path).toBeUndefined();
        expect(brotli.headers['content-encoding'], path).toBe('br');
        expect(gzip.headers['content-encoding'], path).toBe('gzip');
        for (const answer of [plain, brotli, gzip]) {
          expect(String(answer.headers['vary']).toLowerCase(), path).toContain('accept-encoding');
        }
        expect(brotli.body.length).toBeLessThan(plain.body.length);
        expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
        const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
        const text = plain.body.toString();
        // Kept pages are the same HTML in every form; a search page is rendered each time.
        if (path !== '/search?q=towel') {
          expect(brotliDecompressSync(brotli.body).toString()).toBe(text);
          expect(gunzipSync(gzip.body).toString()).toBe(text);
        } else {
          expect(brotliDecompressSync(brotli.body).toString()).toContain('</html>');
          expect(gunzipSync(gzip.body).toString()).toContain('</html>');
        }
      }
    });
  }

  test('a tiny answer is sent as it is', async ({ baseURL }) => {
    const health = await rawGet(`${baseURL}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

async function buyOneTowel(request: APIRequestContext): Promise<void> {
  const towel = { _id: TOWEL, title: 'Salmon Run Tea Towel', sku: 'EG-TEATOWEL-SALMON', price: 16 };
  await placeGuestOrder(request, [{ ...towel, quantity: 1 }], {
    firstname: 'Wren',
    lastname: 'Alder',
    email: 'wren.towel@example.com',
  });
}

test('a kept page answers 304 for its version and is rendered again once its stock changes', async ({
  baseURL,
  request,
}) => {
  const first = await rawGet(`${baseURL}${TOWEL_PAGE}`, {});
  const kept = await rawGet(`${baseURL}${TOWEL_PAGE}`, {});
  const etag = String(kept.headers['etag']);
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(kept.body.toString()).toBe(first.body.toString());
  // Served by the server entry, with the same security headers Astro's answer had.
  expect(kept.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  expect(String(kept.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(kept.headers['x-content-type-options']).toBe('nosniff');
  const revalidated = await rawGet(`${baseURL}${TOWEL_PAGE}`, { 'if-none-match': etag });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body.length).toBe(0);
  expect(revalidated.headers['etag']).toBe(etag);

  const stockBefore = Number(STOCK.exec(kept.body.toString())?.[1]);
  await buyOneTowel(request);

  // The stock a page shows follows the database within a second.
  await expect
    .poll(async () => String((await rawGet(`${baseURL}${TOWEL_PAGE}`, {})).headers['etag']), {
      timeout: 1_000,
    })
    .not.toBe(etag);
  const changed = await rawGet(`${baseURL}${TOWEL_PAGE}`, { 'if-none-match': etag });
  expect(changed.status).toBe(200);
  const html = changed.body.toString();
  expect(stockBefore).toBeGreaterThan(0);
  expect(Number(STOCK.exec(html)?.[1])).toBe(stockBefore - 1);
  const newTag = String(changed.headers['etag']);
  expect((await rawGet(`${baseURL}${TOWEL_PAGE}`, { 'if-none-match': newTag })).status).toBe(304);
});

test('a search page is its prerendered shell filled in, and the shell is no page', async ({
  baseURL,
}) => {
  const answer = await rawGet(`${baseURL}/search?q=towel%20%3Cb%3E&maxPrice=40`, {});
  expect(answer.status).toBe(200);
  const html = answer.body.toString();
  expect(html).not.toContain('evergreen-search');
  // The query is the title and the heading, as text; the shell's scripts keep their policy.
  expect(html).toContain('<title>Search: towel &lt;b&gt; | ');
  expect(html).toContain('Results for “towel &lt;b&gt;”');
  expect(html).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*sha256-/i);
  expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(String(answer.headers['content-type'])).toContain('text/html');
  expect(html).toContain('<link rel="canonical" href="');
  expect(html).toMatch(/rel="canonical" href="[^"]*\/search"/);
  for (const path of ['/search/template', '/search/template/']) {
    expect((await rawGet(`${baseURL}${path}`, {})).status, path).toBe(404);
  }
});
