/**
 * The network address of the shopper making a request. The production entry (server/serve.ts)
 * writes it from the socket into this header, replacing anything a client sent, so it cannot be
 * forged through the production server. Elsewhere (tests, `astro dev`) it may be missing.
 */
export const CLIENT_IP_HEADER = 'x-evergreen-client-ip';

export function clientIp(request: Request): string | undefined {
  const value = request.headers.get(CLIENT_IP_HEADER)?.trim();
  return value ? value : undefined;
}
