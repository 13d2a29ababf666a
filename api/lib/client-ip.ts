import proxyaddr from 'proxy-addr';

/**
 * Who is asking: the shopper's network address and the server's id for the request. The server
 * entry (server/bridge.ts) works them out from the connection and attaches them to the Request it
 * hands to the API; nothing a client sends can set them. Elsewhere (API tests) whoever builds
 * the Request attaches them the same way, or they are missing.
 */
export interface RequestOrigin {
  /** The client's network address: the socket's, or what a trusted proxy says it saw. */
  ip?: string;
  /** The id the server made for this request (never one a client sent). */
  requestId?: string;
}

const origins = new WeakMap<Request, RequestOrigin>();

/** Attaches what the server knows about a request; a later call adds to an earlier one. */
export function attachRequestOrigin(request: Request, origin: RequestOrigin): Request {
  origins.set(request, { ...origins.get(request), ...origin });
  return request;
}

export function clientIp(request: Request): string | undefined {
  return origins.get(request)?.ip;
}

export function serverRequestId(request: Request): string | undefined {
  return origins.get(request)?.requestId;
}

/**
 * A header name the shop once used internally for the client's address. It means nothing now,
 * but the server entry strips it from every request so no part of the stack can be fooled by it.
 */
export const CLIENT_IP_HEADER = 'x-evergreen-client-ip';

/** Which connecting addresses are proxies whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUSTED_PROXIES as proxy-addr reads it: comma-separated addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal`. Empty (the default): no proxy is trusted and the address
 * is always the socket's. Throws on an entry that is not an address.
 */
export function compileProxyTrust(setting: string | undefined): ProxyTrust {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return proxyaddr.compile(entries);
}

/**
 * The client's address for a connection: the socket's address, or, when the socket belongs to a
 * trusted proxy, the nearest X-Forwarded-For hop that is not itself a trusted proxy.
 */
export function connectionClientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string {
  const headers: Record<string, string> = {};
  if (forwardedFor !== undefined) {
    headers['x-forwarded-for'] = Array.isArray(forwardedFor)
      ? forwardedFor.join(',')
      : forwardedFor;
  }
  // proxy-addr reads only the socket's address and this header.
  const request = { connection: { remoteAddress }, socket: { remoteAddress }, headers };
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trust) ?? '';
}
