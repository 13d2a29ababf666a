import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding } from '../http/encoding';
import type { PageCache } from './kept-pages';

/**
 * Answers a product or listing page the process has kept for the current catalogue version:
 * 304 when the client has it, else its HTML in the form the client accepts (brotli or gzip,
 * compressed once and kept). Answers false when the page is not kept, for Astro to render.
 */
export async function answerKept(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const answer = await cache.keptPage(url, req.headers['if-none-match']);
  if (!answer) return false;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.status === 304) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const body = await cache.pageBody(answer.page, encoding ?? 'identity');
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.byteLength);
  res.writeHead(answer.page.status);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
