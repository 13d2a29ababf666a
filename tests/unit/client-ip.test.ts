import { describe, expect, it } from 'vitest';
import {
  attachRequestOrigin,
  CLIENT_IP_HEADER,
  clientIp,
  compileProxyTrust,
  connectionClientIp,
  serverRequestId,
} from '../../api/lib/client-ip';

describe("the shopper's network address", () => {
  const none = compileProxyTrust(undefined);

  it('is the socket address when no proxy is trusted (the default), whatever X-Forwarded-For says', () => {
    expect(connectionClientIp('203.0.113.9', undefined, none)).toBe('203.0.113.9');
    expect(connectionClientIp('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9');
    // Not even a proxy on the same machine is believed unless configured.
    expect(connectionClientIp('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
    expect(compileProxyTrust('  ')('127.0.0.1', 0)).toBe(false);
  });

  it('is the nearest untrusted X-Forwarded-For hop behind trusted proxies', () => {
    const loopback = compileProxyTrust('loopback');
    expect(connectionClientIp('127.0.0.1', '10.0.0.1, 198.51.100.7', loopback)).toBe(
      '198.51.100.7',
    );
    expect(connectionClientIp('::1', ['198.51.100.8'], loopback)).toBe('198.51.100.8');
    expect(connectionClientIp('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
    // A hop a client forged to the left of the proxy's own is never reached.
    const chain = compileProxyTrust('127.0.0.1, 10.0.0.0/8');
    expect(connectionClientIp('127.0.0.1', '6.6.6.6, 198.51.100.9, 10.1.2.3', chain)).toBe(
      '198.51.100.9',
    );
    // From an address that is not a trusted proxy the header is ignored.
    expect(connectionClientIp('203.0.113.5', '198.51.100.9', loopback)).toBe('203.0.113.5');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address', () => {
    expect(() => compileProxyTrust('my-proxy.example')).toThrow();
  });

  it('is read by the API from the Request object, never from a header a client sends', () => {
    const forged = new Request('http://localhost/', {
      headers: { [CLIENT_IP_HEADER]: '192.0.2.4', 'x-forwarded-for': '192.0.2.5' },
    });
    expect(clientIp(forged)).toBeUndefined();
    const attached = attachRequestOrigin(new Request('http://localhost/'), {
      ip: '192.0.2.6',
      requestId: 'server-id-123',
    });
    expect(clientIp(attached)).toBe('192.0.2.6');
    expect(serverRequestId(attached)).toBe('server-id-123');
  });
});
