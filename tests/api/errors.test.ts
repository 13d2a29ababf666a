import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../api/lib/errors';
import { errorPlugin } from '../../api/plugins/errors';
import { requestContext } from '../../api/plugins/request-context';
import { LIMIT_MESSAGES } from '../../api/lib/request-limits';
import { MAX_ORDER_LINES, ORDER_MESSAGES } from '../../core/orders/model';
import { useApi } from '../helpers/api';
import { mugLine, SEATTLE } from '../helpers/orders';

const SECRET_PASSWORD = 'hunter2-very-secret';

/** A login-shaped route on the real plugins, to prove validation errors never echo the body. */
const loginShaped = new Elysia({ prefix: '/api' })
  .use(requestContext)
  .use(errorPlugin)
  .post('/login', () => ({ ok: true }), {
    body: z.object({
      username: z.email('Username should be an email address'),
      password: z.string().min(6, 'Password must be at least 6 characters long'),
    }),
  })
  .get('/boom', () => {
    throw new Error('database password is swordfish');
  })
  .get('/conflict', () => {
    throw new AppError('CONFLICT', 'That changed while you were looking.');
  });

function postJson(app: { handle(r: Request): Promise<Response> }, path: string, body: string) {
  return app.handle(
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
  );
}

describe('the one error shape', () => {
  const api = useApi();

  it('answers a validation error with field messages and never the password sent', async () => {
    const response = await postJson(
      loginShaped,
      '/login',
      JSON.stringify({ username: 'not-an-email', password: SECRET_PASSWORD }),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain(SECRET_PASSWORD);
    expect(text).not.toContain('not-an-email');
    expect(JSON.parse(text)).toEqual({
      error: 'Username should be an email address',
      fields: { username: 'Username should be an email address' },
    });
  });

  it('reports every invalid field, first message each', async () => {
    const response = await postJson(
      loginShaped,
      '/login',
      JSON.stringify({ username: 'x', password: '123' }),
    );
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      username: 'Username should be an email address',
      password: 'Password must be at least 6 characters long',
    });
    expect(JSON.stringify(body)).not.toContain('"123"');
  });

  it('answers malformed JSON with 400 and a sentence', async () => {
    const response = await postJson(loginShaped, '/login', `{"password":"${SECRET_PASSWORD}"`);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain(SECRET_PASSWORD);
    expect(JSON.parse(text)).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('hides the cause of an unexpected failure behind a 500 sentence', async () => {
    const response = await loginShaped.handle(new Request('http://localhost/api/boom'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('swordfish');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(JSON.parse(text)).toEqual({
      error: 'Something went wrong on our side. Please try again later.',
    });
  });

  it('maps a service error type to its status', async () => {
    const response = await loginShaped.handle(new Request('http://localhost/api/conflict'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'That changed while you were looking.' });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await api.get('/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: 'We could not find what you were looking for.',
    });
  });

  it('sets a request id and the security headers on answers and errors alike', async () => {
    for (const response of [await api.get('/health'), await api.get('/no-such-thing')]) {
      expect(response.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it("makes its own request id and never answers with a client's", async () => {
    const sent = await api.get('/health', { headers: { 'x-request-id': 'proxy-abc-12345' } });
    const ours = sent.headers.get('x-request-id');
    expect(ours).toMatch(/^[0-9a-f-]{36}$/);
    expect(ours).not.toBe('proxy-abc-12345');
    const other = await api.get('/health', { headers: { 'x-request-id': 'proxy-abc-12345' } });
    expect(other.headers.get('x-request-id')).not.toBe(ours);
  });

  it('refuses a body over its route limit with 413 by its Content-Length, unread', async () => {
    const response = await api.post('/contact/contact', 'x', {
      headers: { 'content-length': String(16 * 1024 + 1) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooLarge });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a body nested 10,000 deep with 400, never 500', async () => {
    const deep = '{"items":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    for (const path of ['/orders/quote', '/orders/orderconfirmation', '/cart/validate']) {
      const response = await api.post(path, deep);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: LIMIT_MESSAGES.tooDeep });
    }
  });

  it('says an order has too many lines instead of calling the cart empty', async () => {
    const lines = Array.from({ length: MAX_ORDER_LINES + 1 }, () => mugLine(1));
    const quote = await api.post('/orders/quote', { items: lines, shippingAddress: SEATTLE });
    const confirmation = await api.post('/orders/orderconfirmation', {
      items: lines,
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
    });
    for (const response of [quote, confirmation]) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.fields.items).toBe(ORDER_MESSAGES.tooManyLines);
      expect(JSON.stringify(body)).not.toContain(ORDER_MESSAGES.noItems);
    }
  });
});
