import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Elysia } from 'elysia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBridge } from '../../server/bridge';

describe('the fetch bridge of the production entry', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = new Elysia().get('/api/two-cookies', ({ set }) => {
      set.headers['set-cookie'] = [
        'refresh=abc; Path=/api; HttpOnly; SameSite=Strict',
        'hint=1; Path=/; SameSite=Strict',
      ] as unknown as string;
      return { ok: true };
    });
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
});
