import type { APIRoute } from 'astro';
import { apiApp } from '../../../api';
import { attachRequestOrigin, CLIENT_IP_HEADER } from '../../../api/lib/client-ip';

/**
 * Under `astro dev` the API is reached through this endpoint. In production the server entry
 * sends /api/* to the same Elysia app directly, so this route never runs there.
 */
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  // As the production entry does: the socket's address, attached where no header can reach it.
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const forwarded = new Request(request, { headers });
  return (await apiApp()).handle(attachRequestOrigin(forwarded, { ip: clientAddress }));
};
