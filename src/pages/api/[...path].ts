import type { APIRoute } from 'astro';
import { apiApp } from '../../../api';

/**
 * Under `astro dev` the API is reached through this endpoint. In production the server entry
 * sends /api/* to the same Elysia app directly, so this route never runs there.
 */
export const prerender = false;

export const ALL: APIRoute = async ({ request }) => (await apiApp()).handle(request);
