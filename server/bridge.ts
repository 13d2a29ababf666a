import { getRequestListener } from '@hono/node-server';

export interface FetchApp {
  handle(request: Request): Response | Promise<Response>;
}

/**
 * Node's request/response to a fetch handler and back. Measured here it keeps Elysia several times
 * faster than an Astro endpoint; it also writes every Set-Cookie header of a response separately.
 */
export function fetchBridge(app: FetchApp) {
  return getRequestListener((request) => app.handle(request));
}
