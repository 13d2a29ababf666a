import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Elysia } from 'elysia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp, serverRequestId } from '../../api/lib/client-ip';
import { bodyLimitFor, DEFAULT_BODY_LIMIT, LIMIT_MESSAGES } from '../../api/lib/request-limits';
import { errorPlugin } from '../../api/plugins/errors';
import { inputLimits } from '../../api/plugins/input-limits';
import { fetchBridge } from '../../server/bridge';

/** A POST whose body is streamed in chunks, without a Content-Length. */
function postChunked(
  url: string,
  chunks: string[],
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection before every chunk is written; that is the point. The
    // socket's late write error (EPIPE) can come after the answer, when the request has let go of
    // its socket, so the socket gets a listener of its own.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    req.on('socket', (socket) => socket.on('error', () => undefined));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the fetch bridge of the production entry', () => {
  let server: Server;
  let base: string;
  let bodiesRead = 0;
  /** How many bytes the server had taken from each connection when it answered. */
  const bytesTaken: number[] = [];

  beforeAll(async () => {
    const app = new Elysia()
      .use(errorPlugin)
      .use(inputLimits)
      // Stands for a sign-in check made before the body is parsed (api/modules/auth/plugin.ts).
      .onRequest(({ request, set }) => {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/api/admin/') && !request.headers.get('authorization')) {
          set.status = 401;
          return { error: 'Please sign in.' };
        }
      })
      .post('/api/admin/uploads', ({ body }) => {
        bodiesRead += 1;
        return { body };
      })
      .post('/api/cart/validate', ({ body }) => {
        bodiesRead += 1;
        return { body };
      })
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
    const bridge = fetchBridge(app);
    server = createServer((req, res) => {
      res.on('finish', () => bytesTaken.push((req.socket as Socket).bytesRead));
      return bridge(req, res);
    });
    // As server/serve.ts: a client that asks before sending its body is not answered at once.
    server.on('checkContinue', (req, res) => server.emit('request', req, res));
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

  it('refuses a body streamed past its route limit (32 KB for the cart) with 413', async () => {
    const before = bodiesRead;
    const limit = bodyLimitFor('/api/cart/validate');
    const over = ['{"text":"', 'x'.repeat(limit), '"}'];
    const { status, body } = await postChunked(`${base}/api/cart/validate`, over);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: LIMIT_MESSAGES.tooLarge });
    expect(bodiesRead).toBe(before);
    const under = ['{"text":"', 'x'.repeat(limit - 100), '"}'];
    expect((await postChunked(`${base}/api/cart/validate`, under)).status).toBe(200);
  });

  it('never reads the body of a request refused before it is parsed', async () => {
    // 14 MB: under the uploads limit, so only the refusal keeps it from being read.
    const megabyte = 'x'.repeat(1024 * 1024);
    const chunks = ['{"data":"', ...Array.from({ length: 14 }, () => megabyte), '"}'];
    const answered = bytesTaken.length;
    const { status } = await postChunked(`${base}/api/admin/uploads`, chunks);
    expect(status).toBe(401);
    expect(bytesTaken.length).toBe(answered + 1);
    // What a socket holds before its reader asks (a few buffers), not the body.
    expect(bytesTaken.at(-1)).toBeLessThan(1024 * 1024);
  });

  it('tells a client waiting to send its body to go on only when the API reads it', async () => {
    const ask = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
        let continued = false;
        const req = httpRequest(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', expect: '100-continue', ...headers },
        });
        req.on('continue', () => {
          continued = true;
          req.end('{"a":1}');
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        });
        req.on('error', reject);
        req.on('socket', (socket) => socket.on('error', () => undefined));
        req.flushHeaders();
      });
    const length = { 'content-length': '7' };
    expect(await ask('/api/admin/uploads', length)).toEqual({ status: 401, continued: false });
    expect(await ask('/api/cart/validate', length)).toEqual({ status: 200, continued: true });
  });

  it('refuses a body nested 10,000 deep with 400, not 500', async () => {
    const response = await fetch(`${base}/api/orders/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooDeep });
  });
});
