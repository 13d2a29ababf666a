/**
 * The network address of the shopper making a request. The production entry (server/serve.ts)
 * writes it into this header, replacing anything a client sent, so it cannot be forged through
 * the production server. Elsewhere (tests, `astro dev`) it may be missing.
 */
export const CLIENT_IP_HEADER = 'x-evergreen-client-ip';

export function clientIp(request: Request): string | undefined {
  const value = request.headers.get(CLIENT_IP_HEADER)?.trim();
  return value ? value : undefined;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The shopper's address from a connection. A reverse proxy on the same machine (nginx, Caddy)
 * connects from a loopback address and appends the address it saw to X-Forwarded-For, so its
 * last entry is trusted then; from anywhere else the header could be forged and is ignored.
 */
export function connectionClientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
): string {
  const remote = remoteAddress ?? '';
  if (!LOOPBACK.test(remote) || !forwardedFor) return remote;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - 1] ?? remote;
}
