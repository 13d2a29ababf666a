import { expect, test } from '@playwright/test';
import { openServer, startServer } from './support/server-process';

test('production without JWT_SECRET refuses to start and names the variable', async () => {
  const server = startServer({ NODE_ENV: 'production', JWT_SECRET: '' });
  const { code, output } = await server.exited;
  expect(code).toBe(1);
  expect(output).toContain('JWT_SECRET');
  expect(output).not.toMatch(/is open at/);
});

test('production with a weak JWT_SECRET refuses to start', async () => {
  const server = startServer({ NODE_ENV: 'production', JWT_SECRET: 'secret' });
  const { code, output } = await server.exited;
  expect(code).toBe(1);
  expect(output).toContain('JWT_SECRET is too weak');
});

test('SIGTERM closes kept-alive connections, stops accepting and exits cleanly', async () => {
  const server = startServer(
    { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(20) + 'B'.repeat(20), LOG_LEVEL: 'info' },
    (output) => /is open at http:\/\/[^:]+:(\d+)\//.test(output),
  );
  await server.ready;
  const port = /is open at http:\/\/[^:]+:(\d+)\//.exec(server.output())![1];
  const base = `http://127.0.0.1:${port}`;
  // fetch keeps its connection alive after this answer; shutdown must not wait for it.
  const response = await fetch(`${base}/`);
  expect(await response.text()).toContain('Featured Products');

  server.child.kill('SIGTERM');
  const { code, output } = await server.exited;
  expect(code).toBe(0);
  // The idle keep-alive connection was closed at once, not after the grace period ran out.
  expect(output).not.toContain('shutdown timed out');
  // The request log is written asynchronously, and still reaches the output before the exit.
  expect(output).toMatch(/"message":"page".*"path":"\/".*"status":200/);
  expect(output).toContain('"message":"shutting down"');
  expect(output).toContain('"message":"stopped"');
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});

const CONTACT = {
  subject: 'Other',
  message: 'Do you ship the sherpa blanket gift-wrapped? Thank you!',
};

/** Twelve contact messages, each from its own email, with whatever headers `headersFor` gives. */
async function twelveMessages(base: string, headersFor: (n: number) => Record<string, string>) {
  const statuses: number[] = [];
  for (let n = 1; n <= 12; n += 1) {
    const response = await fetch(`${base}/api/contact/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersFor(n) },
      body: JSON.stringify({ ...CONTACT, email: `sender${n}@example.com` }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

test.describe('the client address through the built server', () => {
  test('a forged x-evergreen-client-ip or X-Forwarded-For changes nothing: one address is limited', async () => {
    const server = await openServer();
    try {
      const statuses = await twelveMessages(server.base, (n) => ({
        'x-evergreen-client-ip': `198.51.100.${n}`,
        'x-forwarded-for': `192.0.2.${n}`,
      }));
      expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
      expect(statuses).toContain(429);
    } finally {
      server.stop();
    }
  });

  // The run's own server trusts loopback (playwright.config.ts); no other spec sends from 192.0.2.x.
  test('behind a trusted proxy (TRUSTED_PROXIES) each forwarded address has its own limit', async ({
    baseURL,
  }) => {
    const statuses = await twelveMessages(baseURL!, (n) => ({
      'x-forwarded-for': `192.0.2.${n}`,
    }));
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 201));
  });
});

test.describe('bad input through the built server', () => {
  test('a body nested 10,000 deep answers 400, not 500', async ({ request }) => {
    const deep = '{"items":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    for (const path of ['/api/orders/orderconfirmation', '/api/cart/validate']) {
      const response = await request.post(path, {
        headers: { 'content-type': 'application/json' },
        data: deep,
      });
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toEqual({ error: 'The request body is nested too deeply.' });
    }
  });

  test('a body over its route limit answers 413', async ({ request }) => {
    const response = await request.post('/api/contact/contact', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ ...CONTACT, email: 'big@example.com', message: 'x'.repeat(20_000) }),
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request is too large.' });
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    test(`${method} to a page answers 405 with Allow`, async ({ request }) => {
      for (const path of ['/', '/faq', '/products/Yoga/', '/no-such-page']) {
        const response = await request.fetch(path, { method, data: 'a=1' });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()['allow']).toBe('GET, HEAD');
      }
    });
  }

  test('a malformed %-encoded path answers the 404 page', async ({ request }) => {
    for (const path of ['/%E0%A4%A', '/products/%zz', '/blog/%']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const text = await response.text();
      expect(text).not.toMatch(/internal server error/i);
      expect(text).toContain('<html');
    }
  });
});

test.describe('the image endpoint', () => {
  const source = '/images/products/alder-cutting-board.webp';

  test('makes the copies the site emits', async ({ request }) => {
    const response = await request.get(
      `/_image?href=${encodeURIComponent(source)}&w=480&h=480&f=webp`,
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  for (const [what, query] of [
    ['a width the site never asks for', 'w=5000&h=5000&f=webp'],
    ['a width larger than the source', 'w=1080&h=1080&f=webp'],
    ['a height out of proportion', 'w=480&h=20&f=webp'],
    ['another format', 'w=480&h=480&f=png'],
    ['a quality', 'w=480&h=480&f=webp&q=100'],
    ['a source that does not exist', 'href=/images/nope.webp&w=480&f=webp'],
  ] as const) {
    test(`refuses ${what} with 400`, async ({ request }) => {
      const href = query.includes('href=') ? '' : `href=${encodeURIComponent(source)}&`;
      const response = await request.get(`/_image?${href}${query}`);
      expect(response.status()).toBe(400);
    });
  }
});

test('one build serves any address: links name the running PUBLIC_SITE_URL', async () => {
  const site = 'https://gifts.example.org';
  const server = await openServer({ PUBLIC_SITE_URL: site });
  try {
    // Prerendered, rendered on demand, and the feeds.
    for (const path of ['/faq', '/blog', '/', '/products/Yoga/', '/no-such-page']) {
      const html = await (await fetch(`${server.base}${path}`)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, path).toMatch(new RegExp(`^${site}/`));
      expect(html, path).toContain(`<meta property="og:url" content="${site}`);
      expect(html, path).not.toMatch(/localhost:4321|evergreen\.invalid/);
    }
    const compressed = await fetch(`${server.base}/faq`, { headers: { 'accept-encoding': 'br' } });
    expect(await compressed.text()).toContain(`${site}/faq`);
    const listing = await (await fetch(`${server.base}/products/Yoga/`)).text();
    const product = /href="(\/productdetailpage\/[^"]+)"/.exec(listing)![1];
    const detail = await (await fetch(`${server.base}${product}`)).text();
    const jsonLd = [...detail.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(jsonLd.length).toBeGreaterThan(0);
    for (const [, json] of jsonLd) expect(json).toContain(site);
    for (const path of ['/rss.xml', '/robots.txt', '/sitemap.xml']) {
      const text = await (await fetch(`${server.base}${path}`)).text();
      expect(text, path).toContain(site);
      expect(text, path).not.toMatch(/localhost:4321|evergreen\.invalid/);
    }
  } finally {
    server.stop();
  }
});
