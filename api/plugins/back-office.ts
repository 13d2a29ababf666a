import { Elysia } from 'elysia';
import type { AdminAuthPlugin } from '../modules/auth';
import { sameSiteJson } from './same-site-json';

/**
 * The start of every back-office route group, whichever module it lives in (issue 37 point 1):
 * under /api/admin, same-site JSON only, the admin guard (`admin: true` reads the role from the
 * database on each request: 401 signed out, 403 for a customer) and never cached.
 */
export const backOffice = (name: string, adminAuth: AdminAuthPlugin) =>
  new Elysia({ name, prefix: '/admin' })
    .use(sameSiteJson)
    .use(adminAuth)
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store';
    });
