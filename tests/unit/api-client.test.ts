import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/lib/api-client';
import { afterLoginPath, loginHref, safeReturnPath } from '../../src/lib/login-redirect';

/*
 * The API client against a real HTTP server on the loopback: a small stand-in for the API whose
 * protected route accepts only the current access token, and whose refresh route hands out the
 * next one (or refuses, when the test says the session was revoked).
 */

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let base: string;
let seen: Seen[];
let validToken: string;
let tokenCounter: number;
let refreshAnswer: 'renew' | 'renew-expired' | 'refuse' | 'fail';
let refreshDelayMs: number;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });

function json(response: import('node:http').ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/api/, '');
    const body = await readBody(request);
    seen.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      body,
    });
    if (path === '/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      if (refreshAnswer === 'fail') {
        request.socket.destroy();
        return;
      }
      if (refreshAnswer === 'refuse') return json(response, 401, { error: 'Session ended' });
      tokenCounter += 1;
      validToken =
        refreshAnswer === 'renew-expired'
          ? `e30.${Buffer.from(JSON.stringify({ exp: 1, n: tokenCounter })).toString('base64url')}.s`
          : `token-${tokenCounter}`;
      return json(response, 200, { token: validToken });
    }
    if (path === '/auth/login')
      return json(response, 401, { error: 'Invalid username or password' });
    if (request.headers.authorization !== `Bearer ${validToken}`) {
      return json(response, 401, { error: 'Sign in again' });
    }
    return json(response, 200, { path, echo: body ? JSON.parse(body) : null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let storedToken: string | undefined;
let endedSessions: number;
let client: ApiClient;

beforeEach(() => {
  seen = [];
  tokenCounter = 1;
  validToken = 'token-1';
  refreshAnswer = 'renew';
  refreshDelayMs = 0;
  storedToken = 'token-1';
  endedSessions = 0;
  client = createApiClient({
    baseUrl: base,
    getToken: () => storedToken,
    storeToken: (token) => {
      storedToken = token;
    },
    endSession: () => {
      endedSessions += 1;
      storedToken = undefined;
    },
  });
});

const refreshCalls = () => seen.filter((entry) => entry.path === '/auth/refresh').length;

describe('the API client', () => {
  it('sends the stored token as a bearer token', async () => {
    const result = await client.get<{ path: string }>('/user/me');
    expect(result).toEqual({ ok: true, status: 200, data: { path: '/user/me', echo: null } });
    expect(seen).toEqual([
      { method: 'GET', path: '/user/me', authorization: 'Bearer token-1', body: '' },
    ]);
  });

  it('renews an expired token once, repeats the call with the new one and keeps it', async () => {
    validToken = 'token-from-elsewhere'; // the stored token-1 is now refused
    tokenCounter = 1;
    const result = await client.put<{ echo: unknown }>('/user/me', { firstname: 'Fern' });
    expect(result.ok && result.data.echo).toEqual({ firstname: 'Fern' });
    expect(
      seen.map((entry) => `${entry.method} ${entry.path} ${entry.authorization ?? '-'}`),
    ).toEqual([
      'PUT /user/me Bearer token-1',
      'POST /auth/refresh -',
      'PUT /user/me Bearer token-2',
    ]);
    expect(storedToken).toBe('token-2');
    expect(endedSessions).toBe(0);
  });

  it('shares one refresh between calls that fail together', async () => {
    validToken = 'expired-everywhere';
    refreshDelayMs = 50;
    const results = await Promise.all([
      client.get('/orders/orders'),
      client.get('/user/me'),
      client.get('/user/addresses'),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(refreshCalls()).toBe(1);
    expect(seen.filter((entry) => entry.authorization === 'Bearer token-2')).toHaveLength(3);
  });

  it('uses a token renewed meanwhile instead of refreshing again', async () => {
    validToken = 'expired';
    await client.get('/user/me'); // renews to token-2
    expect(refreshCalls()).toBe(1);
    // A call that left with token-1 just before the renewal comes back 401: no second refresh.
    storedToken = 'token-1';
    const stale = client.get('/user/addresses');
    storedToken = 'token-2';
    expect((await stale).status).toBe(200);
    expect(refreshCalls()).toBe(1);
  });

  it('ends the session once and hands back the 401 when the refresh is refused', async () => {
    validToken = 'revoked';
    refreshAnswer = 'refuse';
    const results = await Promise.all([client.get('/user/me'), client.get('/orders/orders')]);
    expect(results.map((result) => result.status)).toEqual([401, 401]);
    expect(results[0]).toMatchObject({ ok: false, error: 'Sign in again' });
    expect(refreshCalls()).toBe(1);
    expect(endedSessions).toBe(1);
    // The calls are not repeated after a refused refresh.
    expect(seen.filter((entry) => entry.path === '/user/me')).toHaveLength(1);
  });

  it('refreshes at most once per call: a repeated call refused again is answered as it is', async () => {
    validToken = 'never-valid';
    let refusals = 0;
    const stubborn = createApiClient({
      baseUrl: base,
      getToken: () => storedToken,
      storeToken: (token) => {
        storedToken = token;
        validToken = 'moved-on'; // the server refuses even the renewed token
      },
      endSession: () => (refusals += 1),
    });
    const repeated = await stubborn.get('/user/me');
    expect(repeated.status).toBe(401);
    expect(seen.map((entry) => entry.path)).toEqual(['/user/me', '/auth/refresh', '/user/me']);
    expect(refusals).toBe(0);
  });

  it('never refreshes for the refresh call itself', async () => {
    refreshAnswer = 'refuse';
    const response = await client.fetch('/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(refreshCalls()).toBe(1);
    expect(endedSessions).toBe(0);
  });

  it('sends anonymous calls without the token, and their 401 is the answer', async () => {
    const result = await client.post(
      '/auth/login',
      { username: 'a@b.co', password: 'x' },
      {
        anonymous: true,
      },
    );
    expect(result).toEqual({
      ok: false,
      status: 401,
      error: 'Invalid username or password',
      fields: undefined,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeUndefined();
    expect(endedSessions).toBe(0);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    validToken = 'expired';
    refreshAnswer = 'fail';
    const result = await client.get('/user/me');
    expect(result.status).toBe(401);
    expect(endedSessions).toBe(0);
    expect(storedToken).toBe('token-1');
  });

  it('answers status 0 when the API cannot be reached at all', async () => {
    const offline = createApiClient({
      baseUrl: 'http://127.0.0.1:9/api',
      getToken: () => undefined,
      storeToken: () => undefined,
      endSession: () => undefined,
    });
    expect(await offline.get('/user/me')).toEqual({ ok: false, status: 0 });
  });
});

describe('the way back after login', () => {
  it('follows only paths on this site', () => {
    expect(safeReturnPath('/orders')).toBe('/orders');
    expect(safeReturnPath('/search?q=mug#top')).toBe('/search?q=mug#top');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'orders',
      '',
      null,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(safeReturnPath('/login?next=/orders')).toBeNull();
  });

  it('remembers the page in the login link and goes back to it, else home', () => {
    expect(loginHref('/orders')).toBe('/login?next=%2Forders');
    expect(loginHref('/')).toBe('/login');
    expect(afterLoginPath('?next=%2Forders')).toBe('/orders');
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(afterLoginPath('')).toBe('/');
  });
});

describe('a token known to have expired', () => {
  const jwt = (exp: number) =>
    `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'u1', exp }),
    ).toString('base64url')}.signature`;
  const now = () => Math.floor(Date.now() / 1000);

  it('is renewed before the call, so a route that also serves guests never sees it', async () => {
    storedToken = jwt(now() - 60);
    const result = await client.get('/user/me');
    expect(result.status).toBe(200);
    expect(seen.map((entry) => `${entry.path} ${entry.authorization ?? '-'}`)).toEqual([
      '/auth/refresh -',
      '/user/me Bearer token-2',
    ]);
  });

  it('is sent as it is while it has time left, and when it cannot be read', async () => {
    for (const token of [jwt(now() + 600), 'not.a-jwt']) {
      storedToken = token;
      validToken = token;
      expect((await client.get('/user/me')).status).toBe(200);
    }
    expect(refreshCalls()).toBe(0);
  });

  it('stops renewing ahead when a fresh token already looks expired (a clock that is off)', async () => {
    refreshAnswer = 'renew-expired';
    storedToken = jwt(now() - 3_600);
    expect((await client.get('/user/me')).status).toBe(200);
    expect(refreshCalls()).toBe(1);
    // The renewed token looks expired on this clock but the server takes it: no refresh ahead.
    expect((await client.get('/user/me')).status).toBe(200);
    expect(refreshCalls()).toBe(1);
  });
});
