import { compressResponse } from '../compress';
import type { PageCache } from './kept-pages';
import { securePage } from './page-headers';

/**
 * The server's part of rendering a page on demand, which Astro's middleware hands each page to
 * (src/middleware.ts): catalogue pages are kept per version (./kept-pages.ts), security headers
 * go on every page, and what is sent is compressed last (kept pages the server entry answers
 * itself are compressed once per form instead).
 */
export function createPagePipeline(cache: Pick<PageCache, 'keepRendered'>) {
  return async (url: URL, request: Request, render: () => Promise<Response>) =>
    compressResponse(request, securePage(await cache.keepRendered(url, request, render)));
}
