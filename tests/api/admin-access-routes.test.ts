import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { useApi } from '../helpers/api';
import { adminRoutes, unguardedAdminRoutes } from './admin-routes';
import { authClient, logIn, registerVerified } from './auth-helpers';

/**
 * Issue 36 Deliver 11: the admin-access check enumerates every /api/admin route from the app's
 * own route table, in several path spellings, so a route added without the guard fails it.
 */
describe('every /api/admin route refuses strangers and customers', () => {
  const api = useApi();

  it('lists the routes from the app: all of them, none by hand', () => {
    const listed = adminRoutes(api.app).map((route) => route.name);
    const inApp = api.app.routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((name) => / \/api\/admin\//.test(name) && name !== 'GET /api/admin/access');
    expect(listed).toEqual(inApp);
    // The review counted 39, the access question among them.
    expect(listed.length).toBeGreaterThanOrEqual(38);
    expect(listed).toContain('POST /api/admin/inbox/:kind/:id/reply');
  });

  it('refuses each one, in every spelling, signed out (401) and to a customer (403)', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    expect(await unguardedAdminRoutes(api.app, customer.token)).toEqual([]);
  }, 120_000);

  it('a new admin route without the guard is caught', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    const extended = createApp({ database: api.test.database }).get('/admin/forgotten', () => ({
      secrets: true,
    }));
    expect(adminRoutes(extended).map((route) => route.name)).toContain('GET /api/admin/forgotten');
    const open = await unguardedAdminRoutes(extended, customer.token);
    expect(open).toContain('GET /admin/forgotten signed out: 200');
    expect(open).toContain('GET /admin/forgotten as a customer: 200');
  }, 120_000);
});
