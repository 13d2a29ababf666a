import type { api as Api } from './api-client';

/**
 * The API client, loaded on first use: the header is on every page, and a content page should not
 * download the client (and the schemas it brings) until a shopper opens the menu, types a search
 * or logs out (issue 37's JavaScript budget).
 */
export async function lazyApi(): Promise<typeof Api> {
  return (await import('./api-client')).api;
}
