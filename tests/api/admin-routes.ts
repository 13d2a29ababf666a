import type { App } from '../../api/app';
import { ADMIN_ONLY_MESSAGE } from '../../api/modules/auth/plugin';

/**
 * Every /api/admin route, read from the app's own route table (issue 36 Deliver 11): a route added
 * later is checked without anyone remembering to list it. `/api/admin/access` is left out: it is
 * the one admin route a customer may call (it answers whether they are an admin).
 */
export interface AdminRoute {
  method: string;
  /** The route's path under /api, path parameters filled in. */
  path: string;
  /** As the app names it, parameters and all (`POST /api/admin/orders/:id/ship`). */
  name: string;
}

export const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** A value for each path parameter: an id, or a word for the others (`:kind`). */
const PARAM_VALUES: Record<string, string> = { kind: 'contact' };

export const ADMIN_ACCESS_PATH = '/api/admin/access';

export function adminRoutes(app: Pick<App, 'routes'>): AdminRoute[] {
  return app.routes
    .filter((route) => /^\/api\/admin(\/|$)/.test(route.path) && route.path !== ADMIN_ACCESS_PATH)
    .map((route) => ({
      method: route.method,
      name: `${route.method} ${route.path}`,
      path: route.path
        .replace(/^\/api/, '')
        .replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? SOME_ID),
    }));
}

/** Other spellings of one path a router or proxy might treat as the same route. */
export const pathSpellings = (path: string) => [
  path,
  `${path}/`,
  path.replace('/admin', '//admin'),
  path.replace('/admin', '/%61dmin'),
  path.replace('/admin', '/ADMIN'),
];

/** One admin route asked with `token` (none: signed out); a bodied route gets `{}`. */
export function callAdminRoute(
  app: Pick<App, 'handle'>,
  route: Pick<AdminRoute, 'method' | 'path'>,
  token?: string,
): Promise<Response> {
  const bodied = route.method !== 'GET' && route.method !== 'HEAD';
  return app.handle(
    new Request(`http://localhost/api${route.path}`, {
      method: route.method,
      headers: {
        ...(bodied ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(bodied ? { body: '{}' } : {}),
    }),
  );
}

/**
 * The admin routes (every spelling) a stranger or a customer got past: a route's own spelling
 * must answer 401 signed out and 403 with the admin-only sentence to a customer; another
 * spelling may also be unknown (404). An empty list: every route refused both.
 */
export async function unguardedAdminRoutes(
  app: Pick<App, 'handle' | 'routes'>,
  customerToken: string,
): Promise<string[]> {
  const open: string[] = [];
  for (const route of adminRoutes(app)) {
    for (const path of pathSpellings(route.path)) {
      const own = path === route.path;
      const anonymous = await callAdminRoute(app, { method: route.method, path });
      if (anonymous.status !== 401 && (own || anonymous.status !== 404))
        open.push(`${route.method} ${path} signed out: ${anonymous.status}`);
      const customer = await callAdminRoute(app, { method: route.method, path }, customerToken);
      const body = customer.status === 403 ? ((await customer.json()) as { error?: string }) : {};
      if (
        customer.status === 403 ? body.error !== ADMIN_ONLY_MESSAGE : own || customer.status !== 404
      )
        open.push(`${route.method} ${path} as a customer: ${customer.status}`);
    }
  }
  return open;
}
