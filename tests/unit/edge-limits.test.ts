import { Elysia, t } from 'elysia';
import { describe, expect, it } from 'vitest';
import {
  bodyLimitFor,
  countedBody,
  DEFAULT_BODY_LIMIT,
  LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
} from '../../api/lib/request-limits';
import { errorPlugin } from '../../api/plugins/errors';
import { inputLimits } from '../../api/plugins/input-limits';
import {
  fitsSource,
  readImageRequest,
  type ImageRequest,
} from '../../core/images/image-allow-list';

describe('body limits', () => {
  it('are set per route, small by default', () => {
    expect(bodyLimitFor('/api/orders/orderconfirmation')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/contact/contact')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/auth/login')).toBe(DEFAULT_BODY_LIMIT);
    expect(DEFAULT_BODY_LIMIT).toBeLessThanOrEqual(8 * 1024);
  });

  it('belong to the route: a prefix covers its own path and the paths below it only', () => {
    expect(bodyLimitFor('/api/admin/uploads')).toBe(15 * 1024 * 1024);
    expect(bodyLimitFor('/api/admin/uploads/')).toBe(15 * 1024 * 1024);
    expect(bodyLimitFor('/api/admin/uploadsx')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/admin/uploads-and-more/x')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/cart/validate')).toBe(32 * 1024);
  });

  describe('through the API alone (app.handle, no server in front)', () => {
    const app = new Elysia()
      .use(errorPlugin)
      .use(inputLimits)
      .post('/api/cart/validate', ({ body }) => ({ got: body.text.length }), {
        body: t.Object({ text: t.String() }),
        parse: 'json',
      });
    const limit = bodyLimitFor('/api/cart/validate');
    const json = (length: number) => new TextEncoder().encode(`{"text":"${'x'.repeat(length)}"}`);
    async function* inPieces(bytes: Uint8Array) {
      for (let at = 0; at < bytes.length; at += 4096) yield bytes.subarray(at, at + 4096);
    }
    const post = (path: string, init: RequestInit) =>
      app.handle(new Request(`http://shop.invalid${path}`, { method: 'POST', ...init }));

    it('refuse a Content-Length over the limit of the route the path names, not its spelling', async () => {
      for (const path of [
        '/api/cart/validate',
        '/api/admin/uploads/../../cart/%76alidate',
        // Neither is the uploads route, whose limit is 15 MB.
        '/api/admin/uploadsx',
        '/api/admin/uploads%2F..%2F..%2Fcart%2Fvalidate',
      ]) {
        const response = await post(path, {
          headers: { 'content-type': 'application/json', 'content-length': String(limit + 1) },
          body: json(limit + 1 - 12),
        });
        expect(response.status, path).toBe(413);
        expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooLarge });
      }
    });

    it('refuse a body counted past the limit as it is read, with the same 413', async () => {
      const over = await post('/api/cart/validate', {
        headers: { 'content-type': 'application/json' },
        body: countedBody(inPieces(json(limit)), limit),
        duplex: 'half',
      } as RequestInit);
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ error: LIMIT_MESSAGES.tooLarge });
      const under = await post('/api/cart/validate', {
        headers: { 'content-type': 'application/json' },
        body: countedBody(inPieces(json(limit - 12)), limit),
        duplex: 'half',
      } as RequestInit);
      expect(await under.json()).toEqual({ got: limit - 12 });
    });
  });

  it('measure nesting without recursion, arrays and objects alike', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 ? [deep] : { a: deep };
    expect(nestedDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH; i += 1) fine = { a: fine, b: [1, 2] };
    // MAX_JSON_DEPTH objects, each with an array: one level deeper than allowed.
    expect(nestedDeeperThan(fine, MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan({ items: [{ a: 1 }, { b: [2] }] }, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });
});

describe('the image allow-list', () => {
  const square = { width: 800, height: 800 };
  const photo = { width: 1200, height: 800 };
  const read = (query: string) => readImageRequest(new URLSearchParams(query));

  it('accepts the copies the pages ask for', () => {
    for (const [query, source] of [
      ['href=/a.webp&w=240&h=240&f=webp', square],
      ['href=/a.webp&w=800&h=800&f=webp', square],
      ['href=/a.webp&w=400&h=267&f=webp', photo],
      ['href=/a.webp&w=1080&h=720&f=webp', photo],
      ['href=/a.webp&w=192&h=128&f=webp', photo],
      ['href=/_astro/hero.webp&w=1600&f=webp', { width: 1600, height: 900 }],
      // A page may ask for the source's own width.
      ['href=/_astro/hero.webp&w=1920&f=webp', { width: 1920, height: 1080 }],
    ] as const) {
      const request = read(query);
      expect(typeof request, query).toBe('object');
      expect(fitsSource(request as ImageRequest, source), query).toBe(true);
    }
  });

  it('refuses other widths, larger copies, other proportions, formats, qualities and parameters', () => {
    for (const query of [
      'href=/a.webp&w=480&h=480&f=png',
      'href=/a.webp&w=480&h=480&f=webp&q=100',
      'href=/a.webp&w=480&h=480&f=webp&fit=fill',
      'href=/a.webp&w=480&w=240&f=webp',
      'href=/a.webp&w=-1&f=webp',
      'href=/a.webp&w=1e4&f=webp',
      'w=480&f=webp',
    ]) {
      expect(typeof read(query), query).toBe('string');
    }
    for (const query of [
      'href=/a.webp&w=5000&h=5000&f=webp',
      'href=/a.webp&w=1080&h=1080&f=webp',
      'href=/a.webp&w=481&h=481&f=webp',
      'href=/a.webp&w=480&h=20&f=webp',
    ]) {
      expect(fitsSource(read(query) as ImageRequest, square), query).toBe(false);
    }
  });
});
