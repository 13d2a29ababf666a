import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Elysia } from 'elysia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp, serverRequestId } from '../../api/lib/client-ip';
import { DEFAULT_BODY_LIMIT, LIMIT_MESSAGES } from '../../api/lib/request-limits';
import { errorPlugin } from '../../api/plugins/errors';
import { inputLimits } from '../../api/plugins/input-limits';
import { fetchBridge } from '../../server/bridge';

/** A POST whose body is streamed in chunks, without a Content-Length. */
function postChunked(url: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection before every chunk is written; that is the point.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the fetch bridge of the production entry', () => {
  let server: Server;
  let base: string;
  let bodiesRead = 0;

  beforeAll(async () => {
    const app = new Elysia()
      .use(errorPlugin)
      .use(inputLimits)
      .get('/api/two-cookies', ({ set }) => {
        set.headers['set-cookie'] = [
          'refresh=abc; Path=/api; HttpOnly; SameSite=Strict',
          'hint=1; Path=/; SameSite=Strict',
        ] as unknown as string;
        return { ok: true };
      })
      .get('/api/who', ({ request }) => ({
        ip: clientIp(request) ?? null,
        requestId: serverRequestId(request) ?? null,
        internalHeader: request.headers.get(CLIENT_IP_HEADER),
      }))
      .post('/api/echo', ({ body }) => {
        bodiesRead += 1;
        return { body };
      })
      // Under the orders limit (64 KB), so a 10,000-deep body (20 KB) reaches the depth check.
      .post('/api/orders/echo', ({ body }) => ({ body }));
    server = createServer(fetchBridge(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers both cookies set in one response', async () => {
    const response = await fetch(`${base}/api/two-cookies`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      'refresh=abc; Path=/api; HttpOnly; SameSite=Strict',
      'hint=1; Path=/; SameSite=Strict',
    ]);
  });

  it("gives the API the socket's address and its own request id, whatever the client sends", async () => {
    const response = await fetch(`${base}/api/who`, {
      headers: {
        [CLIENT_IP_HEADER]: '6.6.6.6',
        'x-forwarded-for': '6.6.6.7',
        'x-request-id': 'forged-request-id',
      },
    });
    const who = (await response.json()) as Record<string, string | null>;
    expect(who.ip).toBe('127.0.0.1');
    expect(who.internalHeader).toBeNull();
    expect(who.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes a body within its limit to the API', async () => {
    const response = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: [1, { b: 2 }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: { a: [1, { b: 2 }] } });
  });

  it('refuses a body over its limit with 413, by its Content-Length, before the API reads it', async () => {
    const before = bodiesRead;
    const response = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooLarge });
    expect(bodiesRead).toBe(before);
  });

  it('refuses a streamed body as soon as it passes the limit', async () => {
    const before = bodiesRead;
    const chunk = 'x'.repeat(1024);
    const chunks = ['{"text":"', ...Array.from({ length: 64 }, () => chunk), '"}'];
    const { status, body } = await postChunked(`${base}/api/echo`, chunks);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: LIMIT_MESSAGES.tooLarge });
    expect(bodiesRead).toBe(before);
    const small = await postChunked(`${base}/api/echo`, ['{"a":', '1}']);
    expect(small).toEqual({ status: 200, body: '{"body":{"a":1}}' });
  });

  it('refuses a body nested 10,000 deep with 400, not 500', async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/orders/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooDeep });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
