import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLIENT_IP_HEADER,
  connectionClientIp,
  type ProxyTrust,
  type RequestOrigin,
} from '../api/lib/client-ip';
import { canonicalTarget } from '../api/lib/canonical-path';
import { log } from '../api/lib/log';
import { loggedPath } from '../api/lib/logged-path';
import { COMMON_SECURITY_HEADERS } from '../api/lib/security-headers';
import { clientRequestIdOf } from '../api/plugins/request-context';
import { stripHeader } from './bridge';
import type { PageSide } from './built-pages';
import { answerNonCanonical, setPageHeaders } from './non-canonical';
import { dropUnreadBody } from './unread-body';

/** Methods a page answers; anything else gets 405 with these in Allow. */
const PAGE_METHODS = 'GET, HEAD';

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** What each request is answered with: the API's bridge, the page side, the proxies trusted. */
export interface RequestParts {
  trust: ProxyTrust;
  /** What the server itself knows about each request; the API reads it from the Request object. */
  origins: WeakMap<IncomingMessage, RequestOrigin>;
  api: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The page side (made after the server, which Astro's dev server needs). */
  pages: () => PageSide;
}

/**
 * One request, in the server's order: the page side's own requests (dev), then the API on a
 * canonical /api path, then pages (a request id, security headers, a log line, GET and HEAD only).
 */
export async function handleRequest(
  parts: RequestParts,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { trust, origins, api } = parts;
  const pages = parts.pages();
  // The id is always ours; a client's X-Request-Id is only logged beside it.
  const requestId = randomUUID();
  const clientRequestId = String(req.headers['x-request-id'] ?? '');
  // The shopper's address (for rate limits): the socket's, or what a trusted proxy saw. The old
  // internal header is removed so nothing downstream can be fooled by a client's copy.
  stripHeader(req, CLIENT_IP_HEADER);
  origins.set(req, {
    requestId,
    ip: connectionClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust),
  });
  if (pages.takes?.(req)) {
    await pages.render(req, res);
    return;
  }
  const target = canonicalTarget(req.url ?? '/');
  const canonical = 'path' in target && !target.changed ? target : undefined;

  if (canonical && isApiPath(canonical.path)) {
    await api(req, res);
    return;
  }

  // Pages read no body, and a refused request's is not read either.
  dropUnreadBody(req, res);
  const started = performance.now();
  res.setHeader('x-request-id', requestId);
  // nosniff and the rest on every answer, static files and images included; pages add a CSP.
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
  res.on('finish', () =>
    log('info', 'page', {
      requestId,
      clientRequestId: clientRequestIdOf(clientRequestId),
      method: req.method,
      // A refused address is not written: it may hold anything.
      path: 'path' in target ? loggedPath(target.path) : undefined,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
    }),
  );
  if (!canonical) {
    try {
      await answerNonCanonical(req, res, target, pages.render);
    } catch (error) {
      answerFailure(res, requestId, undefined, error);
    }
    return;
  }
  const { path: pathname, search } = canonical;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    setPageHeaders(res);
    res.writeHead(req.method === 'OPTIONS' ? 204 : 405, {
      Allow: PAGE_METHODS,
      'content-type': 'text/plain; charset=utf-8',
    });
    res.end(req.method === 'OPTIONS' ? undefined : 'This address only answers GET and HEAD.');
    return;
  }
  try {
    await pages.answer(req, res, pathname, search);
  } catch (error) {
    answerFailure(res, requestId, pathname, error);
  }
}

export function answerFailure(
  res: ServerResponse,
  requestId: string,
  pathname: string | undefined,
  error: unknown,
): void {
  const path = pathname === undefined ? undefined : loggedPath(pathname);
  log('error', 'page failed', { requestId, path, error: String(error) });
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
  res.end('Something went wrong on our side. Please try again later.');
}
