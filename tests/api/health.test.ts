import { describe, expect, it } from 'vitest';
import { useApi } from '../helpers/api';

describe('GET /api/health', () => {
  const api = useApi();

  it('answers ok when the database answers', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const { createApp } = await import('../../api/app');
    const broken = createApp({
      database: {
        ...api.test.database,
        ping: () => Promise.reject(new Error('connection refused')),
      },
    });
    const response = await broken.handle(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({
      error: 'The shop is unavailable right now. Please try again in a moment.',
    });
    expect(JSON.stringify(body)).not.toContain('connection refused');
  });

  it('answers 503 when the database answers but cannot take a write (a full disk)', async () => {
    const { createApp } = await import('../../api/app');
    const database = api.test.database;
    const db = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? () => Promise.reject(new Error('could not extend file: No space left on device'))
          : (Reflect.get(target, key, receiver) as unknown),
    });
    const full = createApp({ database: { ...database, db } });
    const response = await full.handle(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
