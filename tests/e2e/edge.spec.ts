import { readdirSync } from 'node:fs';
import { request as http, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { openServer } from './support/server-process';

/**
 * The server's edge (server/serve.ts, api/lib/canonical-path.ts): each address has one spelling,
 * and the guards (the image endpoint's, the body limits) apply to the route that answers. Paths
 * go out exactly as written (as `curl --path-as-is`): fetch and Playwright would tidy them first.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with its path as written. */
function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http({ hostname, port, path, method: options.method ?? 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    for (const [name, value] of Object.entries(options.headers ?? {})) req.setHeader(name, value);
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A chunked POST of `total` bytes, sent as fast as the connection takes it and no further once an
 * answer comes: answers the status, the body and how much had been sent when the answer came.
 * With `holdAfter`, the client stops after that many bytes and waits: only a server that answers
 * without the rest of the body ever answers.
 */
function streamed(base: string, path: string, total: number, holdAfter = total) {
  return new Promise<Answer & { sentBeforeAnswer: number }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    let sent = 0;
    let answered = false;
    const req = http({
      hostname,
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBeforeAnswer }),
      );
    });
    // Once answered, the server closes the connection under the rest of the body.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!answered && sent < total) {
        if (sent >= holdAfter) return;
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const hero = readdirSync(`${process.env.BUILD_DIR ?? 'dist'}/client/_astro`).find((name) =>
  /^hero\.[\w-]+\.webp$/.test(name),
);
const heroHref = `href=%2F_astro%2F${hero}`;

test.describe('the image endpoint in every spelling', () => {
  const spellings = ['/_image', '/_image/', '/./_image', '/%5Fimage', '/_image/.', '/x/../_image'];

  test('a width far past the source answers 400, or a redirect to the guarded address', async ({
    baseURL,
  }) => {
    expect(hero).toBeDefined();
    const query = `?${heroHref}&w=16383&f=webp`;
    for (const path of [...spellings, '//_image']) {
      const answer = await raw(baseURL!, `${path}${query}`);
      if (answer.status === 308) {
        const location = answer.headers.location!;
        expect(
          ['/_image', '/_image/'].map((to) => `${to}${query}`),
          path,
        ).toContain(location);
        const guarded = await raw(baseURL!, location);
        expect(guarded.status, `${path} → ${location}`).toBe(400);
        expect(guarded.body).toBe('This image size is not offered.');
      } else {
        expect(answer.status, path).toBe(400);
        expect(answer.headers['content-type'], path).toMatch(/^text\/plain/);
      }
    }
  });

  test('a missing href and a width of 20000 answer 400, not 500', async ({ baseURL }) => {
    for (const path of ['/_image', '/_image/']) {
      for (const query of ['w=480&f=webp', `${heroHref}&w=20000&f=webp`]) {
        const answer = await raw(baseURL!, `${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
      }
    }
    const doubled = await raw(baseURL!, '//_image?w=480&f=webp');
    expect(doubled.status).toBe(308);
    expect((await raw(baseURL!, doubled.headers.location!)).status).toBe(400);
  });

  test('the copies the pages ask for are still made, in either form Astro answers', async ({
    baseURL,
  }) => {
    for (const path of ['/_image', '/_image/']) {
      const answer = await raw(baseURL!, `${path}?${heroHref}&w=480&f=webp`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
    }
  });
});

test.describe('addresses in another spelling', () => {
  test('a page or an API read is sent to its one address, its query kept', async ({ baseURL }) => {
    for (const [path, canonical] of [
      ['/products//Yoga/?page=1', '/products/Yoga/?page=1'],
      ['/%66aq', '/faq'],
      ['/blog/../faq?a=%2F..', '/faq?a=%2F..'],
      ['/api/./health', '/api/health'],
    ]) {
      const answer = await raw(baseURL!, path!);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toBe(canonical);
    }
    expect((await raw(baseURL!, '/api/./health', { method: 'HEAD' })).status).toBe(308);
  });

  test('a write to another spelling, or an address that has no canonical form, is refused', async ({
    baseURL,
  }) => {
    const json = { 'content-type': 'application/json' };
    for (const [method, path] of [
      ['POST', '/api/admin/uploads/../../cart/validate'],
      ['POST', '/api//cart/validate'],
      ['GET', '/api/admin%2Fuploads'],
      ['GET', '/faq%00'],
      ['GET', '/a\\..\\_image'],
    ]) {
      const body = method === 'POST' ? '{"items":[]}' : undefined;
      const answer = await raw(baseURL!, path!, { method, headers: json, body });
      expect(answer.status, `${method} ${path}`).toBe(400);
    }
  });

  test('a 14.6 MB chunked body to a dotted API path is refused before it is read', async ({
    baseURL,
  }) => {
    const total = Math.round(14.6 * 1024 * 1024);
    // The client sends 1 MB and then waits: a server that read the body first would never answer.
    const holdAfter = 1024 * 1024;
    const path = '/api/admin/uploads/../../cart/validate';
    const answer = await streamed(baseURL!, path, total, holdAfter);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe('This address is not valid.');
    expect(answer.sentBeforeAnswer).toBeLessThanOrEqual(holdAfter);
  });

  test('a client that waits before sending its body is refused without being asked for it', async ({
    baseURL,
  }) => {
    const { hostname, port } = new URL(baseURL!);
    const outcome = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = http({
        hostname,
        port,
        path: '/api/admin/uploads/../../cart/validate',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(14 * 1024 * 1024),
          expect: '100-continue',
        },
      });
      req.on('continue', () => (continued = true));
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(outcome).toEqual({ status: 400, continued: false });
  });
});

test.describe('body limits through the built server', () => {
  test('a chunked body over the cart check’s 32 KB answers 413 with the JSON error', async ({
    baseURL,
  }) => {
    const answer = await streamed(baseURL!, '/api/cart/validate', 40 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request is too large.' });
  });

  test('so does one that declares its length, and neither reaches the cart check', async ({
    baseURL,
  }) => {
    const body = JSON.stringify({ items: [], note: 'x'.repeat(40 * 1024) });
    const answer = await raw(baseURL!, '/api/cart/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request is too large.' });
  });
});

test('the request log never holds a link’s token', async () => {
  const server = await openServer({ LOG_LEVEL: 'info' });
  const token = 'Zq0w8LyJt3n_x5eRk-PvA2bH7cUdM9sKfG4hTjN6oQa';
  const query = `?token=${token}&email=ann%40example.com`;
  let output: string;
  try {
    for (const path of [
      `/api/downloads/${token}`,
      `/api/downloads/./${token}`,
      `/verifyemail${query}`,
      `/resetpassword${query}`,
      `/api/auth/verify-email${query}`,
    ]) {
      const answer = await raw(server.base, path);
      expect(answer.status, path).toBeLessThan(500);
    }
  } finally {
    output = await server.stopped();
  }
  expect(output).toMatch(/"message":"api".*"path":"\/api\/downloads\/:token".*"status":303/);
  expect(output).toMatch(/"message":"page".*"path":"\/verifyemail".*"status":200/);
  expect(output).not.toContain(token);
  expect(output).not.toContain('ann%40example.com');
});
