import type { APIRoute } from 'astro';
import { apiApp } from '../../../api';
import { CLIENT_IP_HEADER } from '../../../api/lib/client-ip';

/**
 * Under `astro dev` the API is reached through this endpoint. In production the server entry
 * sends /api/* to the same Elysia app directly, so this route never runs there.
 */
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  // As the production entry does: the socket's address, never a value the client sent.
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress);
  return (await apiApp()).handle(new Request(request, { headers }));
};
