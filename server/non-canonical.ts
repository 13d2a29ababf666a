import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TargetReading } from '../api/lib/canonical-path';
import { COMMON_SECURITY_HEADERS, pageContentSecurityPolicy } from '../api/lib/security-headers';

/** Astro's 404 page (src/pages/404.astro), answered with status 404. */
export const NOT_FOUND_PATH = '/404';

/** The security headers of a page, with the policy of a page that runs no inline script. */
export function setPageHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', pageContentSecurityPolicy());
}

/**
 * A request whose address is not canonical is never routed as it is (api/lib/canonical-path.ts):
 * GET and HEAD are sent to the canonical address (308, query kept), other methods are refused
 * (400) without reading their body, and so is an address that cannot be made canonical. Escapes
 * that decode to nothing show the 404 page, as any address that names nothing.
 */
export async function answerNonCanonical(
  req: IncomingMessage,
  res: ServerResponse,
  target: TargetReading,
  astroHandler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<void> {
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if ('path' in target && readOnly) {
    res.writeHead(308, { Location: target.path + target.search, 'content-length': 0 });
    res.end();
    return;
  }
  if (!('path' in target) && target.refused === 'malformed-escape' && readOnly) {
    // Astro would answer a 404 saying "Internal server error": show the 404 page instead.
    req.url = NOT_FOUND_PATH;
    await astroHandler(req, res);
    return;
  }
  setPageHeaders(res);
  res.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end('This address is not valid.');
}
