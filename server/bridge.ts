import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { attachRequestOrigin, CLIENT_IP_HEADER, type RequestOrigin } from '../api/lib/client-ip';
import { compressResponse } from './compress';
import { bodyLimitFor, countedBody } from '../api/lib/request-limits';
import { carriesBody, dropUnreadBody } from './unread-body';

export interface FetchApp {
  handle(request: Request): Response | Promise<Response>;
}

export interface BridgeOptions {
  /**
   * What the server knows about a request: the client's address and its request id. By default
   * the socket's address (no proxy trusted) and a new id.
   */
  originOf?: (incoming: IncomingMessage) => RequestOrigin;
}

/** Removes every copy of a header from a Node request, from its parsed and its raw headers. */
export function stripHeader(incoming: IncomingMessage, name: string): void {
  delete incoming.headers[name];
  const raw = incoming.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]!.toLowerCase() === name) raw.splice(i, 2);
  }
}

/** Methods a fetch Request cannot give a body (a Request with one would not even be made). */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE', 'TRACK', 'CONNECT']);

/** The body limit of the route a request's (canonical) path names. */
function limitOf(incoming: IncomingMessage): number {
  return bodyLimitFor((incoming.url ?? '/').split('?')[0] ?? '/');
}

/**
 * A request body's chunks, asked for only when first read: a client that waits for
 * `100 Continue` before sending its body (server/serve.ts lets it wait) is told to go on then,
 * and one refused first never sends it.
 */
async function* askedFor(incoming: IncomingMessage, outgoing: ServerResponse) {
  if (/100-continue/i.test(incoming.headers.expect ?? '')) outgoing.writeContinue();
  yield* incoming as AsyncIterable<Uint8Array>;
}

/**
 * The fetch Request the API reads, its body counted as the API reads it (countedBody): a route
 * that refuses first never reads it, and one that reads past its limit fails with 413.
 */
function requestWithCountedBody(
  request: Request,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: countedBody(askedFor(incoming, outgoing), limitOf(incoming)),
    duplex: 'half',
  } as RequestInit);
}

/**
 * Node's request/response to a fetch handler and back. Measured here it keeps Elysia several times
 * faster than an Astro endpoint; it also writes every Set-Cookie header of a response separately.
 *
 * Before the API sees a request the internal client-address header is stripped, and the client's
 * address and the request id are attached to the Request itself, where no header a client sends
 * can reach them. The body is read only as the API parses it, counted as it comes: past its
 * route's limit (the path is canonical, server/serve.ts sees to it) it fails with 413, streamed
 * or not; a Content-Length over the limit is refused before any of it is read (input-limits.ts).
 * What is left of a body after the answer is dropped, never kept (./unread-body.ts).
 */
export function fetchBridge(app: FetchApp, options: BridgeOptions = {}) {
  const originOf =
    options.originOf ??
    ((incoming: IncomingMessage) => ({
      ip: incoming.socket.remoteAddress,
      requestId: randomUUID(),
    }));
  const origins = new WeakMap<IncomingMessage, RequestOrigin>();
  const listener = getRequestListener(
    (lightRequest, env) => {
      const incoming = env.incoming as IncomingMessage;
      const outgoing = env.outgoing as ServerResponse;
      const request =
        !BODYLESS_METHODS.has(lightRequest.method) && carriesBody(incoming)
          ? requestWithCountedBody(lightRequest, incoming, outgoing)
          : lightRequest;
      attachRequestOrigin(request, origins.get(incoming) ?? {});
      // JSON (and any other text) is compressed when the client accepts it (./compress.ts).
      return Promise.resolve(app.handle(request)).then((response) =>
        compressResponse(request, response),
      );
    },
    {
      // What is left of a body after the answer is dropped here (./unread-body.ts).
      autoCleanupIncoming: false,
      // The adapter would otherwise replace the process's global Request and Response with its
      // own lighter ones on first use. Astro's handler runs in this process too, and a Response
      // it made with the adapter's class rebuilt its headers from the list it was given, losing
      // what middleware set later (a page's full Content-Security-Policy). Node's own classes
      // stay: the API's answers are written from a standard Response, as Astro's are.
      overrideGlobalObjects: false,
    },
  );
  return async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    stripHeader(incoming, CLIENT_IP_HEADER);
    const origin = originOf(incoming);
    origins.set(incoming, origin);
    dropUnreadBody(incoming, outgoing);
    await listener(incoming, outgoing);
  };
}
